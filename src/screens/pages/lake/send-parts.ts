import { PartError, type UploadApi, type UploadState } from './upload-api';

/** Spec: three parts in flight; a part the network or the server's check lost is sent again, after a pause. */
export const PARALLEL_PARTS = 3;
export const RETRY_DELAYS_MS = [1_000, 3_000];

export interface PartDeps {
  api: Pick<UploadApi, 'part'>;
  partMd5: (part: Blob) => Promise<string>;
  retryDelays?: readonly number[];
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('cancelled', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('cancelled', 'AbortError'))), { once: true });
  });

/**
 * Sends the parts of `file` the server does not hold (a resumed upload skips the rest), three at a
 * time; `onSent` hears the bytes the server holds or is receiving. Rejects with the last PartError of
 * a part that failed every attempt, or an AbortError.
 */
export async function sendParts(file: Blob, { upload, parts }: UploadState, onSent: (bytes: number) => void, deps: PartDeps, signal?: AbortSignal) {
  const { partSize, partCount, uploadId } = upload as { partSize: number; partCount: number; uploadId: string };
  const delays = deps.retryDelays ?? RETRY_DELAYS_MS;
  const held = new Set(parts.map((part) => part.partNumber));
  const sent = new Map(parts.map((part) => [part.partNumber, part.size]));
  const report = () => onSent([...sent.values()].reduce((total, bytes) => total + bytes, 0));
  const waiting = Array.from({ length: partCount }, (_, index) => index + 1).filter((number) => !held.has(number));
  report();
  // A part that fails for good stops the others.
  const stop = new AbortController();
  signal?.addEventListener('abort', () => stop.abort(), { once: true });

  const sendOne = async (partNumber: number) => {
    const body = file.slice((partNumber - 1) * partSize, partNumber * partSize);
    const contentMd5 = await deps.partMd5(body);
    for (let attempt = 0; ; attempt++) {
      try {
        await deps.api.part(uploadId, partNumber, body, contentMd5, (bytes) => (sent.set(partNumber, Math.min(bytes, body.size)), report()), stop.signal);
        sent.set(partNumber, body.size);
        return report();
      } catch (error) {
        sent.set(partNumber, 0);
        report();
        if (!(error instanceof PartError && error.retry) || attempt >= delays.length) throw error;
        await pause(delays[attempt]!, stop.signal);
      }
    }
  };
  const lane = async () => {
    try {
      for (let next = waiting.shift(); next !== undefined; next = waiting.shift()) await sendOne(next);
    } catch (error) {
      stop.abort();
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, waiting.length) }, lane));
}
