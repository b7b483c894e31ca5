import { describe, expect, it, vi } from 'vitest';
import { PartError, type UploadState } from '../../../../../src/screens/pages/lake/upload-api';
import { PARALLEL_PARTS, sendParts } from '../../../../../src/screens/pages/lake/send-parts';

const stateOf = (partCount: number, held: number[] = [], partSize = 4): UploadState =>
  ({ upload: { uploadId: 'u1', partSize, partCount }, parts: held.map((partNumber) => ({ partNumber, size: partSize })) }) as unknown as UploadState;
const fileOf = (size: number) => new Blob([new Uint8Array(size).map((_, index) => index)]);
const partMd5 = async (part: Blob) => `md5-of-${part.size}`;

describe('sending the parts of an upload', () => {
  it('sends each missing part once, three at a time, with its bytes and its MD5, skipping the parts the server holds', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: [number, number, string][] = [];
    const part = vi.fn(async (_id: string, partNumber: number, body: Blob, md5: string, onProgress: (sent: number) => void) => {
      most = Math.max(most, ++inFlight);
      onProgress(body.size / 2);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push([partNumber, body.size, md5]);
      inFlight--;
      return stateOf(8);
    });
    const sent: number[] = [];
    await sendParts(fileOf(30), stateOf(8, [2, 5]), (bytes) => sent.push(bytes), { api: { part }, partMd5 });
    expect(seen.map(([number]) => number).sort()).toEqual([1, 3, 4, 6, 7, 8]);
    expect(seen.find(([number]) => number === 8)).toEqual([8, 2, 'md5-of-2']);
    expect(most).toBe(PARALLEL_PARTS);
    expect(sent[0]).toBe(8); // the held parts count from the start
    expect(sent.at(-1)).toBe(30);
  });

  it('sends a part again after a network failure or a damaged part (400), up to three attempts', async () => {
    const failures = [new PartError(undefined, undefined), new PartError(400, {})];
    const part = vi.fn(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return stateOf(1);
    });
    await sendParts(fileOf(4), stateOf(1), () => undefined, { api: { part }, partMd5, retryDelays: [0, 0] });
    expect(part).toHaveBeenCalledTimes(3);

    const broken = vi.fn(async () => Promise.reject(new PartError(400, { message: 'damaged' })));
    await expect(sendParts(fileOf(4), stateOf(1), () => undefined, { api: { part: broken }, partMd5, retryDelays: [0, 0] })).rejects.toMatchObject({
      status: 400,
    });
    expect(broken).toHaveBeenCalledTimes(3);
  });

  it('does not send again what will not go better (a refusal), and stops the other parts', async () => {
    const calls: number[] = [];
    const part = vi.fn(async (_id: string, partNumber: number, _body: Blob, _md5: string, _progress: unknown, signal?: AbortSignal) => {
      calls.push(partNumber);
      if (partNumber === 1) throw new PartError(413, {});
      await new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError'))));
      return stateOf(5);
    });
    await expect(sendParts(fileOf(20), stateOf(5), () => undefined, { api: { part }, partMd5, retryDelays: [0, 0] })).rejects.toMatchObject({ status: 413 });
    expect(calls).toEqual([1, 2, 3]);
  });
});
