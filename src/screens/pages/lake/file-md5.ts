import { md5 } from 'hash-wasm';

/** How much of a file the MD5 worker reads at a time. */
export const MD5_SLICE = 8 * 1024 * 1024;

/** What the worker posts: bytes read so far, then the digest (hex) or why there is none. */
export interface Md5Reply {
  read: number;
  md5?: string;
  error?: string;
}

/** A file's MD5 (hex), computed in a Web Worker; `onRead` hears the bytes read so far. Aborting stops the worker. */
export function fileMd5(file: Blob, onRead: (read: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = ({ data }: MessageEvent<Md5Reply>) => {
      onRead(data.read);
      if (data.md5 === undefined && data.error === undefined) return;
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      if (data.md5) resolve(data.md5);
      else reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(file);
  });
}

const hexToBase64 = (hex: string) => btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16))));

/** RFC 1864 Content-MD5 of one part: base64 of its digest's bytes. */
export const partMd5 = async (part: Blob) => hexToBase64(await md5(new Uint8Array(await part.arrayBuffer())));
