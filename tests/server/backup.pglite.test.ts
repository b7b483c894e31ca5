import { mkdtemp, mkdir, readdir, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreSnapshot } from '../../server/backup/restore';
import { pruneSnapshots, takeSnapshot } from '../../server/backup/snapshot';
import { openDatabase, type Database } from '../../server/db/connect';
import { readConfig } from '../../server/config';
import { prepareDatabase } from '../../server/db/prepare';
import { backupJobs, snapshotter } from '../../server/modules/backup/backup-job';

/** A snapshot of a running embedded database and its objects, brought back into an empty data directory. */
const dirs: string[] = [];
const open: Database[] = [];
const temp = async (name: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), `edp-${name}-`));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function runningServer() {
  const dataDir = await temp('data');
  const database = await openDatabase({ kind: 'pglite', dir: dataDir });
  open.push(database);
  await sql`create table writes (id int primary key, note text not null)`.execute(database.db);
  const objectsRoot = path.join(dataDir, 'objects');
  await mkdir(path.join(objectsRoot, 'raw', '2026'), { recursive: true });
  await writeFile(path.join(objectsRoot, 'raw', '2026', 'a.mcap'), Buffer.alloc(300_000, 7));
  return { dataDir, database, objectsRoot, source: { archive: database.archive!, objectsRoot } };
}

describe('a snapshot', () => {
  it('taken under writes comes back whole: every write acknowledged before it, in order, and the objects byte for byte', async () => {
    const { database, source } = await runningServer();
    let acknowledged = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await sql`insert into writes (id, note) values (${acknowledged + 1}, ${'x'.repeat(200)})`.execute(database.db);
        acknowledged += 1;
        // In-process PGlite answers through microtasks alone: without a turn of the event loop no timer would ever fire.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (acknowledged < 50) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = acknowledged;
    const { dir, manifest } = await takeSnapshot(source, await temp('backups'), new Date('2026-11-29T03:30:00Z'));
    writing = false;
    await writer;
    expect(path.basename(dir)).toBe('edp-20261129T033000Z');
    expect(manifest.objects).toEqual([{ path: 'objects/raw/2026/a.mcap', size: 300_000, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);

    const restored = await temp('restored');
    await restoreSnapshot(dir, restored);
    const back = await openDatabase({ kind: 'pglite', dir: restored });
    open.push(back);
    const { rows } = await sql<{ n: number; top: number }>`select count(*)::int as n, coalesce(max(id), 0)::int as top from writes`.execute(back.db);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(before);
    expect(rows[0]!.top).toBe(rows[0]!.n); // no gap: a consistent point, not files copied as they changed
    expect(await readdir(path.join(restored, 'objects', 'raw', '2026'))).toEqual(['a.mcap']);
  });

  it('is refused whole when a file in it was damaged, and never restored over a directory in use', async () => {
    const { dataDir, source } = await runningServer();
    const { dir } = await takeSnapshot(source, await temp('backups'), new Date());
    await expect(restoreSnapshot(dir, dataDir)).rejects.toThrow(/not empty/);
    await appendFile(path.join(dir, 'objects', 'raw', '2026', 'a.mcap'), 'x');
    const restored = await temp('restored');
    await expect(restoreSnapshot(dir, restored)).rejects.toThrow(/objects\/raw\/2026\/a\.mcap is not as it was taken/);
    expect(await readdir(restored)).toEqual([]);
    await rm(path.join(dir, 'manifest.json'));
    await expect(restoreSnapshot(dir, restored)).rejects.toThrow(/no complete snapshot/);
  });

  it('keeps the newest ones the retention asks for, and clears what a crash left half-built', async () => {
    const { source } = await runningServer();
    const parent = await temp('backups');
    for (const day of [25, 26, 27, 28]) await takeSnapshot(source, parent, new Date(`2026-11-${day}T03:30:00Z`));
    await mkdir(path.join(parent, 'edp-20261129T033000Z.partial'));
    await writeFile(path.join(parent, 'notes.txt'), 'the operator’s own');
    await pruneSnapshots(parent, 2);
    expect((await readdir(parent)).sort()).toEqual(['edp-20261127T033000Z', 'edp-20261128T033000Z', 'notes.txt']);
  });
});

describe('the daily snapshot', () => {
  it('takes a due time missed while the server was down, but none from before the database was seeded', async () => {
    const { database, source } = await runningServer();
    await prepareDatabase(database.db);
    await sql`insert into seed_mark (id, demo, seeded_time) values (1, false, ${new Date('2026-11-28T10:00:00Z')})`.execute(database.db);
    const parent = await temp('backups');
    const config = readConfig({ BACKUP_DIR: parent, BACKUP_KEEP: '3' });
    const jobs = backupJobs(snapshotter(source, { config, clock: () => new Date('2026-11-29T09:00:00Z') }), config.backup.cron);
    const handle = jobs.handlers['backup.snapshot']!;
    expect(jobs.schedules!.map((job) => job.dueAt(new Date('2026-11-29T09:00:00Z'))?.toISOString())).toEqual([expect.stringMatching(/^2026-11-2[89]T/)]);
    await handle({ dueTime: '2026-11-28T03:30:00.000Z' }, { db: database.db } as never);
    expect(await readdir(parent)).toEqual([]);
    await handle({ dueTime: '2026-11-29T03:30:00.000Z' }, { db: database.db } as never);
    expect(await readdir(parent)).toEqual(['edp-20261129T090000Z']);
  });

  it('comes as often as BACKUP_CRON asks: hourly, for one who could lose at most an hour', () => {
    const source = { archive: async () => new Blob([]), objectsRoot: '/nowhere' };
    const dueAt = (env: Record<string, string>) => {
      const config = readConfig(env);
      const [schedule] = backupJobs(snapshotter(source, { config, clock: () => new Date() }), config.backup.cron).schedules!;
      return schedule!.dueAt(now)!;
    };
    // In the server's time zone, whatever the machine's.
    const now = new Date('2026-11-29T09:20:00Z');
    const hourly = dueAt({ BACKUP_CRON: '0 * * * *' });
    expect([hourly.getMinutes(), now.getTime() - hourly.getTime() < 3_600_000]).toEqual([0, true]);
    const daily = dueAt({});
    expect([daily.getHours(), daily.getMinutes(), now.getTime() - daily.getTime() < 86_400_000]).toEqual([3, 30, true]);
  });
});
