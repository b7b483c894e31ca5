import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { instance } from '../../model/schemas/instance';
import { serverSecret } from '../../server/db/server-secrets';
import { systemActor } from '../../server/engine/actor';
import { localize } from '../../server/http/messages';
import { storageError } from '../../server/http/storage-error';
import { INSTANCE_TOKENS, instanceToken } from '../../server/modules/runs/run-spec';
import { onDisk, writeHashed } from '../../server/storage/local-files';
import { StoreFailureError } from '../../server/storage/storage-failure';
import { createSample, resourceOf, samplePlatformRecordsAs } from './helpers/entities';
import { useAppOnFailingDisk } from './helpers/failing-store';
import { MIB, md5Hex } from './helpers/uploads';

/**
 * What counts as the store failing (its disk's and connection's errors, no one else's), and what the local store and
 * a run's outputs leave when the disk fills: a write that failed leaves nothing that looks stored (no object, no half
 * file, no run file, no listed output), and one whose bytes are in place is stored.
 */
const { t, api, disk, failing, root } = useAppOnFailingDisk();
let rd: string;

beforeAll(async () => {
  rd = await api.token('demo', 'rd');
});
const FULL = localize('errors:storageFull');

describe('a failure of the store', () => {
  it('is a real full device, and not a sender gone', async () => {
    // /dev/full answers every write with ENOSPC: the disk's own error, through the writer's thread.
    const full = onDisk(() => writeHashed(Buffer.alloc(2 * MIB, 1), '/dev/full', undefined, 0));
    await expect(full).rejects.toMatchObject({ name: 'StoreFailureError', failure: 'full', cause: { code: 'ENOSPC', syscall: 'write' } });
    // A request aborted by its sender raises ECONNRESET too, but names no system call: it stays the body's error.
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const gone = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024);
        throw aborted;
      })(),
    );
    await expect(onDisk(() => writeHashed(gone, path.join(mkdtempSync(path.join(root, 'scratch-')), 'sender-gone')))).rejects.toBe(aborted);
  });

  it('is not a database that cannot be reached: that stays an error of the server', () => {
    const database = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(storageError(database, { reading: false })).toBeUndefined();
    expect(storageError(new StoreFailureError('unavailable', database), { reading: false })).toMatchObject({ statusCode: 503 });
  });
});

describe('the local store on a full disk', () => {
  it('leaves no half-written object: a failed put keeps the object it would have replaced, or none, and no temporary file', async () => {
    await disk.put('checks/kept.bin', Buffer.from('the first version'));
    failing.fail('full');
    try {
      await expect(failing.store.put('checks/kept.bin', Buffer.alloc(3 * MIB, 7))).rejects.toMatchObject({ failure: 'full' });
      await expect(failing.store.put('checks/new.bin', Buffer.alloc(3 * MIB, 7))).rejects.toMatchObject({ failure: 'full' });
    } finally {
      failing.recover();
    }
    const kept = await disk.get('checks/kept.bin');
    expect(Buffer.concat(await kept.body.toArray()).toString()).toBe('the first version');
    expect(await disk.head('checks/new.bin')).toBeNull();
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('stores an object whose bytes are in place though its metadata could not be written after them, and reads it whole', async () => {
    // Where the metadata of `meta-less/…` would go is blocked (a file, not a directory): the step after the content fails, as on a disk filling just then.
    mkdirSync(path.join(root, '.meta'), { recursive: true });
    writeFileSync(path.join(root, '.meta', 'meta-less'), '');
    const bytes = Buffer.alloc(2 * MIB, 3);
    expect(await disk.put('meta-less/object.bin', bytes, { contentType: 'application/x-test' })).toEqual({ size: bytes.length, etag: md5Hex(bytes) });
    expect(await disk.head('meta-less/object.bin')).toMatchObject({ size: bytes.length, etag: md5Hex(bytes) });
    expect(md5Hex(Buffer.concat(await (await disk.get('meta-less/object.bin')).body.toArray()))).toBe(md5Hex(bytes));
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });
});

describe('a run storing its output on a full disk', () => {
  let task: Awaited<ReturnType<typeof createSample>>;
  beforeAll(async () => {
    samplePlatformRecordsAs(await api.token('platform', 'admin')); // the task images a sample task runs on
    task = await createSample(api, resourceOf('task'), rd);
  });
  /** A run under way (its row as the runner leaves it) serving a new record of `entity`, and its token. */
  const runServing = async (entity: 'training-record' | 'processing-record', field: 'trainingRecord' | 'processingRecord') => {
    const served = await createSample(api, resourceOf(entity), rd);
    const run = await t.records.create(systemActor(Number(task.tenantId)), instance, {
      ...{ task: task.id, taskName: String(task.name), triggerType: 'manual', triggerPerson: 'rd', timeout: 600, k8sJobName: `run-${task.id}-${entity}` },
      ...{ status: 'running', [field]: served.id },
    });
    const id = Number(run.id);
    return { id, served: served.id, token: instanceToken(await serverSecret(t.database.db, INSTANCE_TOKENS, new Date()), id) };
  };
  const sendFile = (run: { id: number; token: string }, name: string, bytes: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/taskFlow/instance/${run.id}/output-files/${name}`,
      headers: { authorization: `Bearer ${run.token}`, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });

  it('refuses a training run’s file with 507 and records no run file; sent again with room, it is kept', async () => {
    const run = await runServing('training-record', 'trainingRecord');
    const runFiles = async () => (await sql`select name, size from run_files where instance_id = ${run.id}`.execute(t.database.db)).rows;
    failing.fail('full');
    const refused = await sendFile(run, 'policy.ckpt', Buffer.alloc(2 * MIB, 1));
    failing.recover();
    expect(refused.statusCode).toBe(507);
    expect(refused.json().message).toEqual(FULL);
    expect(await runFiles()).toEqual([]);
    expect((await sendFile(run, 'policy.ckpt', Buffer.alloc(2 * MIB, 1))).statusCode).toBe(200);
    expect(await runFiles()).toMatchObject([{ name: 'policy.ckpt', size: expect.anything() }]);
  });

  it('refuses a processing run’s file with 507 and lists none on its record', async () => {
    const run = await runServing('processing-record', 'processingRecord');
    failing.fail('full');
    const refused = await sendFile(run, 'summary.json', Buffer.from('{"frames": 12}'));
    failing.recover();
    expect(refused.statusCode).toBe(507);
    const record = await sql<{ outputFiles: string | null }>`select output_files as "outputFiles" from processing_records where id = ${run.served}`.execute(
      t.database.db,
    );
    expect(JSON.parse(record.rows[0]!.outputFiles || '[]')).toEqual([]);
  });
});
