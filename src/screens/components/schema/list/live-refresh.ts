import type { EntityInfo } from '../../../../../model/schemas/engine/info';

/** How often a list showing a record under way (a run, an export) looks again. */
export const LIVE_REFRESH_MS = 2000;

/** The refetch interval a list's rows ask for: while any is in one of its entity's live states, every 2 s; else none. */
export function liveRefresh(entity: EntityInfo, rows: readonly Record<string, unknown>[] | undefined): number | false {
  const states = entity.states;
  if (!states?.live || !rows) return false;
  return rows.some((row) => states.live!.includes(String(row[states.field]))) ? LIVE_REFRESH_MS : false;
}
