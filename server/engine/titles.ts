import { sql } from 'kysely';
import { fieldEntries } from '../../model/schemas/engine/entity';
import { linkFields } from '../../model/resources/index';
import { entityByName } from '../../model/schemas/index';
import type { Db } from '../db/tables';
import { loose } from './queries';
import { inScope, restricted, type Scope } from './scope';

type Row = Record<string, unknown>;

/** The records of an entity the reader may open (its read scope), or undefined where it opens none. */
export type ReadScopeOf = (entity: string) => Scope | undefined;

/**
 * The records with the titles of what they reference, by field (`titles.datasetId`): a reader sees
 * the name of a dataset it may not open, never `#2`. With them, for the records the reader may
 * open, what a link to each needs besides its id (`links.datasetId`: its name and datasetType, which
 * decide the view it opens under), so a list draws its links without asking for every record it
 * points at; a record it may not open gets none, so tells nothing more than its title. One query
 * per reference field, within the records' own spaces, so nothing crosses from another space.
 */
export async function withTitles<R extends Row>(
  db: Db,
  entityName: string,
  records: R[],
  readScopeOf: ReadScopeOf,
): Promise<(R & { titles?: Record<string, string>; links?: Record<string, Row> })[]> {
  const entity = entityByName.get(entityName);
  const references = entity ? fieldEntries(entity).filter(([, field]) => field.reference && entityByName.has(field.reference)) : [];
  if (!references.length || !records.length) return records;
  const spaces = [...new Set(records.map((record) => record.tenantId).filter((id) => typeof id === 'number'))] as number[];
  const found = new Map<string, { title: string; link?: Row }>();
  const key = (field: string, tenantId: unknown, id: unknown) => `${field}:${tenantId ?? ''}:${id}`;
  const platformTarget = (field: { reference?: string }) => entityByName.get(field.reference!)!.scope === 'platform';
  for (const [name, field] of references) {
    const target = entityByName.get(field.reference!)!;
    const ids = [...new Set(records.map((record) => record[name]).filter((id) => typeof id === 'number'))] as number[];
    if (!ids.length) continue;
    const platform = target.scope === 'platform';
    const linkedBy = linkFields(target.name).filter((column) => column in target.fields);
    const reads = linkedBy.length ? readScopeOf(target.name) : undefined;
    let query = loose(db)
      .selectFrom(target.table)
      .select(['id', `${target.title} as title`, ...(reads ? linkedBy : [])])
      .where('id', 'in', ids);
    if (!platform) query = query.select('tenantId').where('tenantId', 'in', spaces.length ? spaces : [-1]);
    // Only a reader held to some of the target's records needs each row asked whether it is one of them.
    if (reads && restricted(reads)) query = query.select((eb) => sql<boolean>`${inScope(reads)(eb)}`.as('readable'));
    for (const row of (await query.execute()) as Row[]) {
      const link = reads && row.readable !== false ? Object.fromEntries(linkedBy.map((column) => [column, row[column]])) : undefined;
      found.set(key(name, platform ? undefined : row.tenantId, row.id), { title: String(row.title ?? ''), link });
    }
  }
  return records.map((record) => {
    const shown = references.flatMap(([name, field]) => {
      const reference = found.get(key(name, platformTarget(field) ? undefined : record.tenantId, record[name]));
      return reference ? [[name, reference] as const] : [];
    });
    if (!shown.length) return record;
    const links = shown.flatMap(([name, { link }]) => (link ? [[name, link]] : []));
    return {
      ...record,
      titles: Object.fromEntries(shown.map(([name, { title }]) => [name, title])),
      ...(links.length ? { links: Object.fromEntries(links) } : {}),
    };
  });
}
