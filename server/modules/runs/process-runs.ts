import { activeRuns, type ActiveRuns } from './active-runs';
import { runBell, type RunBell } from './run-bell';
import type { Runner } from './runner';

/**
 * What the runs module holds for one app, made by its setup: the bell its routes, hooks and workers
 * ring, the runs its workers follow, and the runner they run instances with.
 */
export interface ProcessRuns {
  bell: RunBell;
  active: ActiveRuns;
  /** Set when the app's runs workers are made; none in a process that only serves the API (a terminate there is carried out by the process holding the run). */
  runner: Runner | null;
}

export const processRuns = (): ProcessRuns => ({ bell: runBell(), active: activeRuns(), runner: null });
