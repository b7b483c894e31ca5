import { sql } from 'kysely';
import { allows } from '../../../model/access/permissions';
import { entryByPath, listsOf, routeEntries } from '../../../model/resources/index';
import { entityByName } from '../../../model/schemas/index';
import type { EntityCount, StorageShare, TenantUsage } from '../../../model/schemas/space-stats';
import type { Principal } from '../../auth/guard';
import type { Db } from '../../db/tables';
import { listRecords } from '../../engine/list-query';
import { ident, snake } from '../../engine/naming';
import type { Reach } from '../../engine/scope';
import { rollupTable, sumColumn } from '../../engine/rollup-ddl';
import { CHINA_OFFSET_MS } from '../../engine/rollup-query';

const ACCOUNTS = '/console/space/account';

const bagEntity = () => entityByName.get('bag')!;
/** Bags are counted and weighed from their daily rollup: its cost does not grow with the bags. */
const bagDaily = () => sql.table(rollupTable(bagEntity()));
const bagBytes = () => sql.ref(sumColumn('bagSize'));

/**
 * The space home's figures: per entity of the space the caller may list, its records as the caller
 * reads them (through views only, as a tele_operator reads tickets: those).
 */
export async function spaceCounts(db: Db, reach: Reach, principal: Principal): Promise<EntityCount[]> {
  const counts: EntityCount[] = [];
  const seen = new Set<string>();
  for (const entry of routeEntries) {
    if (entry.view !== 'list' || !entry.entity || seen.has(entry.entity)) continue;
    seen.add(entry.entity);
    const entity = entityByName.get(entry.entity);
    if (!entity || entity.scope !== 'tenant') continue;
    // Lists the caller may open; a child's hidden list (shown on its parent's page) is not a main entity.
    const lists = listsOf(entity.name).filter((list) => (!list.hidden || list.tabGroup) && allows(principal.permissions, list.effectiveAuth));
    if (!lists.length) continue;
    const shown = lists.find((list) => !list.hidden) ?? lists[0]!;
    const scope = reach.scope(principal, entity.name, 'read');
    const label = { name: entity.name, label: shown.label, path: shown.fullPath };
    if (!scope.views && !scope.parent && entity.rollup) {
      counts.push({ ...label, count: await rollupCount(db, rollupTable(entity), scope.tenantId), capped: false });
      continue;
    }
    const page = await listRecords(db, entity, scope, { pageNum: 1, pageSize: 1, filters: {} });
    counts.push({ ...label, count: page.total, capped: page.totalCapped });
  }
  const accounts = entryByPath.get(ACCOUNTS);
  if (accounts && allows(principal.permissions, accounts.effectiveAuth)) {
    const { n } = await db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenantId', '=', principal.tenant.id)
      .executeTakeFirstOrThrow();
    counts.push({ name: 'account', label: accounts.label, path: accounts.fullPath, count: Number(n), capped: false });
  }
  return counts;
}

async function rollupCount(db: Db, table: string, tenantId: number | null): Promise<number> {
  const scope = tenantId === null ? sql`true` : sql`tenant_id = ${tenantId}`;
  const { rows } = await sql<{ n: number | null }>`select sum(count) as n from ${sql.table(table)} where ${scope}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Bags and bytes per space (all spaces, or one). */
export async function storageBySpace(db: Db, tenantId?: number): Promise<Map<number, { bags: number; bytes: number }>> {
  const scope = tenantId === undefined ? sql`true` : sql`tenant_id = ${tenantId}`;
  const { rows } = await sql<{ tenantId: number; bags: number; bytes: number }>`
    select tenant_id, sum(count) as bags, sum(${bagBytes()}) as bytes from ${bagDaily()} where ${scope} group by tenant_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.tenantId), { bags: Number(row.bags), bytes: Number(row.bytes) }]));
}

/** A space's storage per value of a bag dimension, largest first ('' where the bags leave it empty). */
export async function storageShares(db: Db, tenantId: number, dimension: 'robotType' | 'bagRegion'): Promise<StorageShare[]> {
  const { rows } = await sql<{ value: string; bags: number; bytes: number }>`
    select ${sql.raw(ident(snake(dimension)))} as value, sum(count) as bags, sum(${bagBytes()}) as bytes
    from ${bagDaily()} where tenant_id = ${tenantId} group by 1 having sum(count) > 0 order by 3 desc, 1`.execute(db);
  return rows.map((row) => ({ value: row.value, bags: Number(row.bags), bytes: Number(row.bytes) }));
}

/** China time, as the dashboards count days: a month starts at its first day's 00:00 there. */
export function monthStart(now: Date): Date {
  const china = new Date(now.getTime() + CHINA_OFFSET_MS);
  return new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), 1) - CHINA_OFFSET_MS);
}

/** The bytes of the download links a space was given this month (China time). */
export async function downloadsThisMonth(db: Db, tenantId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('rawDataDownloads')
    .select((eb) => eb.fn.sum<number | null>('bytes').as('bytes'))
    .where('tenantId', '=', tenantId)
    .where('createdTime', '>=', monthStart(now))
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** This month's download bytes per space. */
async function downloadsBySpace(db: Db, now: Date): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('rawDataDownloads')
    .select((eb) => ['tenantId', eb.fn.sum<number>('bytes').as('bytes')])
    .where('createdTime', '>=', monthStart(now))
    .groupBy('tenantId')
    .execute();
  return new Map(rows.map((row) => [Number(row.tenantId), Number(row.bytes)]));
}

/** Rows per space of a table that has a tenant_id. */
async function rowsBySpace(db: Db, table: string): Promise<Map<number, number>> {
  const { rows } = await sql<{ tenantId: number; n: number }>`select tenant_id, count(*) as n from ${sql.table(table)} group by tenant_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.tenantId), Number(row.n)]));
}

/** The platform's usage statistics: per space, storage against its quota, accounts and tasks. */
export async function usageBySpace(db: Db, now: Date): Promise<{ tenants: TenantUsage[]; tasksCounted: boolean }> {
  // Tasks are counted once the entity is declared (and so its table made).
  const task = entityByName.get('task');
  const tasksCounted = task?.scope === 'tenant';
  const [tenants, storage, accounts, tasks, downloads] = await Promise.all([
    db.selectFrom('tenants').selectAll().orderBy('internal', 'desc').orderBy('code').execute(),
    storageBySpace(db),
    rowsBySpace(db, 'accounts'),
    tasksCounted ? rowsBySpace(db, task.table) : undefined,
    downloadsBySpace(db, now),
  ]);
  return {
    tasksCounted,
    tenants: tenants.map((tenant) => ({
      tenantId: tenant.id,
      code: tenant.code,
      name: tenant.name,
      internal: tenant.internal,
      storageUsed: storage.get(tenant.id)?.bytes ?? 0,
      storageQuota: tenant.rawDataStorageQuota === null ? null : Number(tenant.rawDataStorageQuota),
      bags: storage.get(tenant.id)?.bags ?? 0,
      downloadsUsed: downloads.get(tenant.id) ?? 0,
      downloadQuota: tenant.rawDataDownloadQuota === null ? null : Number(tenant.rawDataDownloadQuota),
      accounts: accounts.get(tenant.id) ?? 0,
      tasks: tasks ? (tasks.get(tenant.id) ?? 0) : null,
    })),
  };
}
