import { createHash } from 'node:crypto';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { partMd5 } from '../../../../../src/screens/pages/lake/file-md5';
import { uploadApi } from '../../../../../src/screens/pages/lake/upload-api';
import { uploadFile, type FileProgress } from '../../../../../src/screens/pages/lake/upload-file';
import { notifier } from '../../../../../src/providers/notifier';
import { sessionStore } from '../../../../../src/providers/session-store';
import { accountOf, tenantOf } from '../../../fixtures';
import { envelope, mockApi } from '../../../msw';

const server = mockApi();
// jsdom's Blob has no arrayBuffer() (browsers' has): read it as a browser would.
Blob.prototype.arrayBuffer ??= function (this: Blob) {
  return new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(this);
  });
};
const BYTES = new Uint8Array(12).map((_, index) => index * 7);
const hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const file = () => new File([BYTES], 'run.mcap');
// The worker's digest, as computed in the page (jsdom has no Worker).
const hashFile = async (blob: Blob, onRead: (read: number) => void) => (onRead(blob.size), hex(new Uint8Array(await blob.arrayBuffer())));
const deps = { api: uploadApi, hashFile, partMd5, pollMs: 1, retryDelays: [0, 0] };
const metadata = { robotSn: 'SN-1', robotType: 'ur5e', bagRegion: 'suzhou', uploadType: 'manual' };

const record = (changes: Record<string, unknown> = {}) => ({ uploadId: 'up-1', partSize: 5, partCount: 3, status: 'PENDING', stage: 'uploading', ...changes });
const state = (changes?: Record<string, unknown>, parts: number[] = []) =>
  envelope({ upload: record(changes), parts: parts.map((partNumber) => ({ partNumber, size: 5 })) });

beforeEach(() => {
  sessionStore.save('token-9', accountOf('rd'), tenantOf());
  vi.spyOn(notifier, 'warning').mockImplementation(() => undefined);
  vi.spyOn(notifier, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('uploading one file through the protocol', () => {
  it('hashes, starts, resumes past the held parts with Content-MD5 and the token, completes, and follows it to its bag', async () => {
    const started: unknown[] = [];
    const parts: { partNumber: string | null; size: number; md5: string | null; token: string | null }[] = [];
    const statuses = [state({ status: 'PROCESSING', stage: 'parsing' }), state({ status: 'SUCCESS', stage: 'completed', bag: 42 })];
    server.use(
      mock.post('*/api/v1/data/lake/upload/start', async ({ request }) => (started.push(await request.json()), HttpResponse.json(state({}, [2])))),
      mock.put('*/api/v1/data/lake/upload/part', async ({ request }) => {
        const url = new URL(request.url);
        const body = new Uint8Array(await request.arrayBuffer());
        const md5 = request.headers.get('content-md5');
        parts.push({ partNumber: url.searchParams.get('partNumber'), size: body.length, md5, token: request.headers.get('authorization') });
        expect(md5).toBe(createHash('md5').update(body).digest('base64'));
        return HttpResponse.json(state());
      }),
      mock.post('*/api/v1/data/lake/upload/complete', () => HttpResponse.json(state({ status: 'PROCESSING', stage: 'waiting' }))),
      mock.get('*/api/v1/data/lake/upload/status', () => HttpResponse.json(statuses.shift())),
    );
    const seen: FileProgress['stage'][] = [];
    const last = await uploadFile(file(), metadata, (progress) => seen.at(-1) !== progress.stage && seen.push(progress.stage), deps);
    expect(started).toEqual([{ fileName: 'run.mcap', fileSize: 12, md5: hex(BYTES), metadata }]);
    expect(parts.sort((a, b) => Number(a.partNumber) - Number(b.partNumber))).toEqual([
      { partNumber: '1', size: 5, md5: expect.any(String), token: 'Bearer token-9' },
      { partNumber: '3', size: 2, md5: expect.any(String), token: 'Bearer token-9' },
    ]);
    expect(seen).toEqual(['md5', 'uploading', 'waiting', 'parsing', 'completed']);
    expect(last).toMatchObject({ stage: 'completed', bagId: 42, done: 12 });
  });

  it('sends a damaged part again, and tells why when the server fails the file', async () => {
    let refusals = 1;
    server.use(
      mock.post('*/api/v1/data/lake/upload/start', () => HttpResponse.json(state({ partCount: 1, partSize: 12 }))),
      mock.put('*/api/v1/data/lake/upload/part', () =>
        refusals-- > 0
          ? HttpResponse.json({ code: 400, message: { zh_CN: '分片有误', en_US: 'damaged' }, data: null }, { status: 400 })
          : HttpResponse.json(state()),
      ),
      mock.post('*/api/v1/data/lake/upload/complete', () => HttpResponse.json(state({ status: 'FAILED', failure: 'parse' }))),
    );
    expect(await uploadFile(file(), metadata, () => undefined, deps)).toMatchObject({ stage: 'failed', failure: 'parse' });
    expect(refusals).toBe(-1);
  });

  it('shows the server’s refusal of the start (a duplicate) and sends nothing', async () => {
    server.use(
      mock.post('*/api/v1/data/lake/upload/start', () =>
        HttpResponse.json({ code: 409, message: { zh_CN: '空间中已有该文件：“a.mcap”', en_US: 'already there' }, data: { bagId: 3 } }, { status: 409 }),
      ),
    );
    const last = await uploadFile(file(), metadata, () => undefined, deps);
    expect(last.stage).toBe('failed');
    expect(notifier.error).toHaveBeenCalledWith(expect.any(String), '空间中已有该文件：“a.mcap”');
  });

  it('gives up on a part refused every time, telling the user the server’s reason', async () => {
    server.use(
      mock.post('*/api/v1/data/lake/upload/start', () => HttpResponse.json(state({ partCount: 1, partSize: 12 }))),
      mock.put('*/api/v1/data/lake/upload/part', () =>
        HttpResponse.json({ code: 400, message: { zh_CN: '第 1 个分片传输有误', en_US: 'damaged' }, data: null }, { status: 400 }),
      ),
    );
    expect(await uploadFile(file(), metadata, () => undefined, deps)).toMatchObject({ stage: 'failed', message: '第 1 个分片传输有误' });
    expect(notifier.warning).toHaveBeenCalledWith('第 1 个分片传输有误', undefined);
  });

  it('sends a part again while the file store is away, then says why on the file’s line, and the completion’s reason too', async () => {
    const away = { code: -1, message: { zh_CN: '文件存储暂时无法连接', en_US: 'the file store cannot be reached' }, data: { retryAfterSeconds: 10 } };
    const full = { code: -1, message: { zh_CN: '文件存储空间已满', en_US: 'the file store is full' }, data: null };
    let sent = 0;
    server.use(
      mock.post('*/api/v1/data/lake/upload/start', () => HttpResponse.json(state({ partCount: 1, partSize: 12 }))),
      mock.put('*/api/v1/data/lake/upload/part', () => (sent++, HttpResponse.json(away, { status: 503 }))),
    );
    expect(await uploadFile(file(), metadata, () => undefined, deps)).toMatchObject({ stage: 'failed', message: '文件存储暂时无法连接' });
    expect(sent).toBe(3); // the first try and the two retries
    expect(notifier.error).toHaveBeenCalledWith(expect.any(String), '文件存储暂时无法连接');

    server.use(
      mock.put('*/api/v1/data/lake/upload/part', () => HttpResponse.json(state())),
      mock.post('*/api/v1/data/lake/upload/complete', () => HttpResponse.json(full, { status: 507 })),
    );
    expect(await uploadFile(file(), metadata, () => undefined, deps)).toMatchObject({ stage: 'failed', message: '文件存储空间已满' });
  });

  it('aborts the upload on the server when cancelled while sending', async () => {
    const controller = new AbortController();
    const aborted: unknown[] = [];
    server.use(
      mock.post('*/api/v1/data/lake/upload/start', () => HttpResponse.json(state())),
      // The part is never answered: the cancel must not wait for it (and no answer reaches an XHR after the test ended).
      mock.put('*/api/v1/data/lake/upload/part', () => {
        controller.abort();
        return new Promise<never>(() => undefined);
      }),
      mock.post('*/api/v1/data/lake/upload/abort', async ({ request }) => (aborted.push(await request.json()), HttpResponse.json(state({ status: 'FAILED' })))),
    );
    expect(await uploadFile(file(), metadata, () => undefined, deps, controller.signal)).toMatchObject({ stage: 'failed', failure: 'cancelled' });
    expect(aborted).toEqual([{ uploadId: 'up-1' }]);
  });
});
