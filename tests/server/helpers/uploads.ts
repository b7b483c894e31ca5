import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { startWorker, type Worker } from '../../../server/jobs/worker';
import type { Api } from './api';
import type { TestApp } from './test-app';

export const MIB = 1024 * 1024;
export const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
export const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');

const PIECE = 64 * 1024;

export const ROBOT = { robotSn: 'SN-UP-01', robotType: 'ur5e', bagRegion: 'suzhou', uploadType: 'manual' };

/** The upload protocol as a client speaks it, through app.inject (parts as octet streams with Content-MD5). */
export function uploadClient(t: TestApp, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const json = async (method: 'GET' | 'POST', url: string, body?: object, query?: Record<string, string>) => {
    const reply = await t.app.inject({ method, url: `/api/v1${url}`, headers, ...(body ? { payload: body } : {}), ...(query ? { query } : {}) });
    return { status: reply.statusCode, body: reply.json() };
  };
  const send = async (uploadId: string, partNumber: number, md5: string, payload: Buffer | Readable) => {
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/data/lake/upload/part',
      query: { uploadId, partNumber: String(partNumber) },
      headers: { ...headers, 'content-type': 'application/octet-stream', 'content-md5': md5 },
      payload,
    });
    return { status: reply.statusCode, body: reply.json() };
  };
  const part = (uploadId: string, partNumber: number, bytes: Uint8Array, md5 = md5Base64(bytes)) => send(uploadId, partNumber, md5, Buffer.from(bytes));
  return {
    start: (fileName: string, bytes: Uint8Array, extra: Record<string, unknown> = {}) =>
      json('POST', '/data/lake/upload/start', { fileName, fileSize: bytes.length, md5: md5Hex(bytes), partSize: 5 * MIB, metadata: ROBOT, ...extra }),
    part,
    /** Every part the server does not hold yet. */
    parts: async (upload: { uploadId: string; partSize: number; partCount: number }, bytes: Uint8Array, held: number[] = []) => {
      for (let n = 1; n <= upload.partCount; n++)
        if (!held.includes(n)) {
          const sent = await part(upload.uploadId, n, bytes.subarray((n - 1) * upload.partSize, n * upload.partSize));
          if (sent.status !== 200) throw new Error(`part ${n}: ${sent.status} ${JSON.stringify(sent.body)}`);
        }
    },
    /** A part as a network delivers it, in 64 KiB pieces: the server is still reading it when its store fails. */
    partInPieces: (uploadId: string, partNumber: number, bytes: Uint8Array) =>
      send(
        uploadId,
        partNumber,
        md5Base64(bytes),
        Readable.from(Array.from({ length: Math.ceil(bytes.length / PIECE) }, (_, i) => Buffer.from(bytes.subarray(i * PIECE, (i + 1) * PIECE)))),
      ),
    complete: (uploadId: string) => json('POST', '/data/lake/upload/complete', { uploadId }),
    abort: (uploadId: string) => json('POST', '/data/lake/upload/abort', { uploadId }),
    status: (uploadId: string) => json('GET', '/data/lake/upload/status', undefined, { uploadId }),
  };
}

/** Runs the jobs that are due, as a server's worker would, until none is left running. */
export async function runJobs(t: TestApp): Promise<void> {
  const worker = startWorker({
    db: t.database.db,
    ...t.jobs(),
    clock: t.clock,
    pollMs: 60_000,
    leaseMs: 180_000,
    onError: (error) => void errors.push(error),
  });
  const errors: unknown[] = [];
  await worker.poll();
  await worker.idle();
  await worker.stop();
  if (errors.length) throw errors[0];
}

/**
 * The app on a port of its own for the command-line uploader: a robot's access key (made by rd), the worker that
 * checks and parses what arrives (`check()` starts a new one after a test stopped it), and a folder for the
 * recordings; all stopped and removed after the file.
 */
export function useUploaderServer(t: TestApp, api: Api) {
  const served = {
    server: '',
    key: '',
    dir: mkdtempSync(path.join(tmpdir(), 'edp-cli-')),
    worker: undefined as Worker | undefined,
    check: () => (served.worker = startWorker({ db: t.database.db, ...t.jobs(), clock: t.clock, pollMs: 50, leaseMs: 60_000 })),
  };
  beforeAll(async () => {
    served.server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const rd = await api.token('demo', 'rd');
    const made = (await api.post('/console/access-key/create', { name: 'robot SN-UP-01' }, { token: rd })).body.data.extras.accessKey;
    served.key = `${made.accessKeyId}.${made.secret}`;
    served.check();
  });
  afterAll(async () => {
    await served.worker?.stop();
    rmSync(served.dir, { recursive: true, force: true });
  });
  return served;
}
