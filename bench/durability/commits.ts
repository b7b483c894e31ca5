import { fdatasyncSync, openSync, closeSync, readdirSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * One measurement, in a process of its own so a tracer can count its system calls: COMMITS single-row
 * commits on an embedded database on disk, as shipped (PGlite starts PostgreSQL with -F, fsync off),
 * with FSYNC=on (without -F), or with FLUSH_WAL=1 (its newest WAL segment flushed by us after each
 * commit, which is the part of fsync=on a commit waits for). Prints JSON.
 */
const commits = Number(process.env.COMMITS ?? 1000);
const flush = process.env.FLUSH_WAL === '1';
const fsyncOn = process.env.FSYNC === 'on';
const dir = mkdtempSync(path.join(tmpdir(), 'edp-durability-'));
const startParams = fsyncOn ? PGlite.defaultStartParams.filter((param) => param !== '-F') : PGlite.defaultStartParams;
const lite = new PGlite(path.join(dir, 'pgdata'), { startParams });
await lite.waitReady;
await lite.exec('create table writes (id serial primary key, body text not null)');
const fsyncSetting = (await lite.query<{ fsync: string }>('show fsync')).rows[0]!.fsync;
const wal = path.join(dir, 'pgdata', 'pg_wal');
const newestSegment = () =>
  path.join(
    wal,
    readdirSync(wal)
      .filter((name) => /^[0-9A-F]{24}$/.test(name))
      .sort()
      .at(-1)!,
  );

const started = performance.now();
for (let n = 0; n < commits; n++) {
  await lite.query('insert into writes (body) values ($1)', [`write ${n}`]);
  if (flush) {
    const fd = openSync(newestSegment(), 'r+');
    fdatasyncSync(fd);
    closeSync(fd);
  }
}
const seconds = (performance.now() - started) / 1000;
await lite.close();
console.log(JSON.stringify({ commitsPerSecond: commits / seconds, fsyncSetting }));
