import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../db/tables';
import type { ObjectStore } from '../../storage/object-store';

/** A file a run produced, as kept. */
export interface RunFile {
  name: string;
  objectKey: string;
  size: number;
  sha256: string;
  storedTime: string;
}

const keyOf = (run: { id: number; tenantId: number }, name: string) => `runs/${run.tenantId}/${run.id}/${name}`;

/**
 * Stores a file of the run as it streams in, its SHA-256 taken on the way (a file of any size is read
 * once); the same name again replaces it. The row is written after the store holds every byte: a
 * stream cut short leaves the file as it was, or none.
 */
export async function storeRunFile(
  db: Db,
  storage: ObjectStore,
  run: { id: number; tenantId: number },
  name: string,
  body: Readable,
  now: Date,
): Promise<RunFile> {
  const hash = createHash('sha256');
  const hashed = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  body.on('error', (error) => hashed.destroy(error));
  body.pipe(hashed);
  const objectKey = keyOf(run, name);
  const stored = await storage.put(objectKey, hashed, { contentType: 'application/octet-stream' });
  const file: RunFile = { name, objectKey, size: stored.size, sha256: hash.digest('hex'), storedTime: now.toISOString() };
  await sql`
    insert into run_files (tenant_id, instance_id, name, object_key, size, sha256, stored_time)
    values (${run.tenantId}, ${run.id}, ${name}, ${objectKey}, ${file.size}, ${file.sha256}, ${file.storedTime}::timestamptz)
    on conflict (instance_id, name) do update set size = excluded.size, sha256 = excluded.sha256, stored_time = excluded.stored_time`.execute(db);
  return file;
}

/** What a run's files can belong to besides the run: the model card or the export its success made. */
export type FileOwner = 'model_card_id' | 'model_export_id';

export const filesWhere = async (db: Db, column: 'instance_id' | FileOwner, id: number): Promise<RunFile[]> => {
  const { rows } = await sql<RunFile>`
    select name, object_key as "objectKey", size, sha256, to_char(stored_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "storedTime"
    from run_files where ${sql.ref(column)} = ${id} order by name`.execute(db);
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
};

/** The files of a run, by name. */
export const runFilesOf = (db: Db, instanceId: number) => filesWhere(db, 'instance_id', instanceId);

/** What the run's success made takes its files: they stay when the run's instance goes. */
export async function claimRunFiles(db: Db, instanceId: number, owner: FileOwner, ownerId: number): Promise<void> {
  await sql`update run_files set ${sql.ref(owner)} = ${ownerId} where instance_id = ${instanceId}`.execute(db);
}

/**
 * Forgets the files of deleted instances or spaces (a card's or an export's stay with it unless the
 * space goes) or of deleted cards and exports; the objects are deleted once that is committed.
 */
export async function deleteRunFiles(
  db: Db,
  storage: ObjectStore,
  of: 'instance_id' | 'tenant_id' | FileOwner,
  ids: number[],
  afterCommit: (effect: () => Promise<void>) => void,
): Promise<void> {
  if (!ids.length) return;
  const unclaimed = of === 'instance_id' ? sql`and model_card_id is null and model_export_id is null` : sql``;
  const { rows } = await sql<{ key: string }>`
    delete from run_files where ${sql.ref(of)} = any(${ids}::bigint[]) ${unclaimed} returning object_key as key`.execute(db);
  if (rows.length) afterCommit(async () => void (await Promise.all(rows.map((row) => storage.delete(row.key).catch(() => {})))));
}
