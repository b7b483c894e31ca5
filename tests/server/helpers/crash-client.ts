import { createHash } from 'node:crypto';
import { httpClient } from './http-client';
import { ROBOT } from './uploads';

export const CRASH_PASSWORD = 'Shared-Pass-1';
const PART = 5 * 1024 * 1024;

/** What the crash tests ask of a server over real HTTP, as the console and the uploader would. */
export async function crashClient(base: string) {
  const client = httpClient(base);
  const token = (await client.signInWith(await client.nonce(), 'demo', 'admin', CRASH_PASSWORD)).body.data.sessionKey as string;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) => client.call(method, path, { token, ...(body ? { body } : {}) });
  const records = async (path: string) => (await call('GET', path)).body.data.records as Record<string, unknown>[];
  return {
    call,
    records,
    instance: async (id: number) => (await records(`/taskFlow/instance/query?id=${id}`))[0] as { status: string; failure: string },
    runTask: async (name: string) => {
      const [task] = await records(`/taskFlow/task/query?name=${name}`);
      return (await call('POST', `/taskFlow/task/${task!.id}/run`)).body.data.id as number;
    },
    labelNames: async (prefix: string) =>
      new Set((await records(`/console/label/query?pageSize=-1&name=${prefix}`)).map((label) => String(label.name)).filter((name) => name.startsWith(prefix))),
    /** Starts (or resumes: the same file names its unfinished upload) and says which parts the server holds. */
    startUpload: async (fileName: string, bytes: Uint8Array) => {
      const md5 = createHash('md5').update(bytes).digest('hex');
      const reply = await call('POST', '/data/lake/upload/start', { fileName, fileSize: bytes.length, md5, partSize: PART, metadata: ROBOT });
      if (reply.status !== 200) throw new Error(`start: ${reply.status} ${JSON.stringify(reply.body)}`);
      const { upload, parts } = reply.body.data as { upload: { uploadId: string; partCount: number; stage: string }; parts: { partNumber: number }[] };
      return { uploadId: upload.uploadId, partCount: upload.partCount, stage: upload.stage, held: parts.map((part) => part.partNumber) };
    },
    /** One part; its status, or null when the server went away under it. */
    sendPart: async (uploadId: string, partNumber: number, bytes: Uint8Array) => {
      const body = new Uint8Array(bytes.subarray((partNumber - 1) * PART, partNumber * PART));
      const query = `uploadId=${uploadId}&partNumber=${partNumber}`;
      const headers = {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'content-md5': createHash('md5').update(body).digest('base64'),
      };
      return fetch(`${base}/data/lake/upload/part?${query}`, { method: 'PUT', headers, body }).then(
        (response) => response.status,
        () => null,
      );
    },
    complete: (uploadId: string) => call('POST', '/data/lake/upload/complete', { uploadId }),
    bags: (bagName: string) => records(`/data/bag/query?bagName=${bagName}`),
  };
}
export type CrashClient = Awaited<ReturnType<typeof crashClient>>;

/**
 * Writers creating labels until the server goes away: what it acknowledged is kept, and any answer
 * but 200 before that is a failure of its own.
 */
export function labelWriters(client: CrashClient, prefix: string, count: number) {
  const acknowledged: string[] = [];
  const refused: string[] = [];
  const writers = Array.from({ length: count }, async (_, writer) => {
    for (let n = 0; ; n += 1) {
      const name = `${prefix}${writer}-${n}`;
      const reply = await client.call('POST', '/console/label/create', { name, labelType: 'scene', description: '' }).catch(() => null);
      if (!reply) return; // the server is gone
      if (reply.status === 200) acknowledged.push(name);
      else refused.push(`${name}: ${reply.status} ${JSON.stringify(reply.body.message)}`);
    }
  });
  return { acknowledged, refused, done: Promise.all(writers) };
}
