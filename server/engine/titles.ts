import { fieldEntries } from '../../src/schemas/engine/entity';
import { entityByName } from '../../src/schemas/index';
import type { Db } from '../db/tables';
import { loose } from './queries';

type Row = Record<string, unknown>;

/**
 * The records with the titles of what they reference, by field (`titles.datasetId`): a reader sees
 * the name of a dataset it may not open, never `#2`. One query per reference field, within the
 * records' own spaces, so a title never crosses from another space.
 */
export async function withTitles<R extends Row>(db: Db, entityName: string, records: R[]): Promise<(R & { titles?: Record<string, string> })[]> {
  const entity = entityByName.get(entityName);
  const references = entity ? fieldEntries(entity).filter(([, field]) => field.reference && entityByName.has(field.reference)) : [];
  if (!references.length || !records.length) return records;
  const spaces = [...new Set(records.map((record) => record.tenantId).filter((id) => typeof id === 'number'))] as number[];
  const found = new Map<string, string>();
  const key = (field: string, tenantId: unknown, id: unknown) => `${field}:${tenantId ?? ''}:${id}`;
  for (const [name, field] of references) {
    const target = entityByName.get(field.reference!)!;
    const ids = [...new Set(records.map((record) => record[name]).filter((id) => typeof id === 'number'))] as number[];
    if (!ids.length) continue;
    const platform = target.scope === 'platform';
    let query = loose(db)
      .selectFrom(target.table)
      .select(['id', `${target.title} as title`])
      .where('id', 'in', ids);
    if (!platform) query = query.select('tenantId').where('tenantId', 'in', spaces.length ? spaces : [-1]);
    for (const row of (await query.execute()) as Row[]) found.set(key(name, platform ? undefined : row.tenantId, row.id), String(row.title ?? ''));
  }
  return records.map((record) => {
    const titles = Object.fromEntries(
      references.flatMap(([name, field]) => {
        const title = found.get(key(name, entityByName.get(field.reference!)!.scope === 'platform' ? undefined : record.tenantId, record[name]));
        return title === undefined ? [] : [[name, title]];
      }),
    );
    return Object.keys(titles).length ? { ...record, titles } : record;
  });
}
