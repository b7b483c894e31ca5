import { sql } from 'kysely';
import type { Db } from '../../db/tables';
import { isUniqueViolation } from '../../engine/queries';
import { bulkTurn } from '../../http/bulk-turns';
import type { LogLine } from './runner';

/** A kept line as the API gives it. */
export interface LogEntry {
  seq: number;
  time: string;
  stream: 'stdout' | 'stderr';
  text: string;
}

const STREAMS = ['stdout', 'stderr'] as const;
/** How a newline inside a line is kept: a writer that did not split its output must not shift the numbering. */
const NEWLINE_SHOWN = '\u2424';
/**
 * Rows per insert: the embedded database runs a statement on the event loop, and a request arriving meanwhile
 * waits for it whole (250 rows: about 3 ms); larger ones keep a fast printer's lines only a little faster.
 */
const BATCH = 250;

/**
 * Appends lines numbered from `firstSeq`, in as few statements as the batch allows. A statement's texts travel as one
 * UTF-8 buffer split on newlines (a line never holds one: the collectors split on them), its times as milliseconds
 * after its first line's and its streams as one digit each: as array parameters (escaped element by element in
 * JavaScript, parsed again by the database) a fast printer's lines were kept little more than half as fast.
 * A write tried again after the database went away may find some of its statements kept (or its commit kept
 * while its answer was lost): numbers already kept are those same lines, so that batch is written again leaving
 * them as they are, and the retry neither fails forever on the key nor keeps a line twice. Only then: skipping
 * conflicts costs every row a speculative insertion, which doubles the cost of a fast printer's writes.
 */
export async function appendLines(db: Db, tenantId: number, instanceId: number, firstSeq: number, lines: LogLine[]): Promise<void> {
  for (let start = 0; start < lines.length; start += BATCH) {
    await bulkTurn(); // a fast printer's statements wait behind the requests being answered
    const batch = lines.slice(start, start + BATCH);
    const since = batch[0]!.time;
    // Each text ends with a newline: the empty string would split into no text at all, where one empty line is one.
    const texts = Buffer.from(batch.map((line) => `${line.text.replaceAll('\n', NEWLINE_SHOWN)}\n`).join(''));
    const afterMs = batch.map((line) => line.time.getTime() - since.getTime()).join(',');
    const streams = batch.map((line) => STREAMS.indexOf(line.stream)).join('');
    const insert = (keptAlready: boolean) =>
      sql`
      insert into instance_logs (tenant_id, instance_id, seq, time, stream, text)
      select ${tenantId}, ${instanceId}, ${firstSeq + start - 1} + n, ${since.toISOString()}::timestamptz + after_ms * interval '1 millisecond', stream, text
      from unnest(string_to_array(convert_from(${texts}, 'UTF8'), E'\\n'), string_to_array(${afterMs}, ',')::bigint[], string_to_array(${streams}, null)::smallint[])
        with ordinality as line(text, after_ms, stream, n)
      where n <= ${batch.length}
      ${keptAlready ? sql`on conflict (instance_id, seq) do nothing` : sql``}`.execute(db);
    await insert(false).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      return insert(true);
    });
  }
}

interface Row {
  seq: number | string;
  time: Date;
  stream: number;
  text: string;
}

const entry = (row: Row): LogEntry => ({ seq: Number(row.seq), time: row.time.toISOString(), stream: STREAMS[row.stream] ?? 'stdout', text: row.text });

export type LogWindow = { last: number } | { before: number; limit: number } | { after: number; limit: number };

/** A stretch of an instance's log, ascending: its last lines, those before a line (paging back) or after one (following). */
export async function readLines(db: Db, instanceId: number, window: LogWindow): Promise<LogEntry[]> {
  const query = sql<Row>`select seq, time, stream, text from instance_logs where instance_id = ${instanceId}`;
  const rows =
    'after' in window
      ? await sql<Row>`${query} and seq > ${window.after} order by seq limit ${window.limit}`.execute(db)
      : 'before' in window
        ? await sql<Row>`${query} and seq < ${window.before} order by seq desc limit ${window.limit}`.execute(db)
        : await sql<Row>`${query} order by seq desc limit ${window.last}`.execute(db);
  const lines = rows.rows.map(entry);
  return 'after' in window ? lines : lines.reverse();
}

/**
 * How many lines the instance has printed (its last seq: they are numbered from 1 without gaps).
 * Read as the key's last entry: `max(seq)` would be planned as a scan of all the instance's lines
 * while the table's statistics lag a large run behind.
 */
export async function countLines(db: Db, instanceId: number): Promise<number> {
  const { rows } = await sql<{ seq: number | string }>`select seq from instance_logs where instance_id = ${instanceId} order by seq desc limit 1`.execute(db);
  return Number(rows[0]?.seq ?? 0);
}

/** The last `limit` lines containing `text` (any case) before `before`, ascending. */
export async function searchLines(db: Db, instanceId: number, text: string, limit: number, before?: number): Promise<LogEntry[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const { rows } = await sql<Row>`
    select seq, time, stream, text from instance_logs
    where instance_id = ${instanceId} and seq < ${before ?? Number.MAX_SAFE_INTEGER} and text ilike ${pattern}
    order by seq desc limit ${limit}`.execute(db);
  return rows.map(entry).reverse();
}

/**
 * Deletes the lines of deleted instances or spaces, in the deleting transaction (no foreign key does it: checking one
 * per stored line halved how fast a run's output is kept on the embedded database).
 */
export async function deleteLines(db: Db, of: 'instance_id' | 'tenant_id', ids: number[]): Promise<void> {
  if (ids.length) await sql`delete from instance_logs where ${sql.ref(of)} = any(${ids}::bigint[])`.execute(db);
}
