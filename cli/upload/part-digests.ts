import { Worker } from 'node:worker_threads';

/** Plain JavaScript, evaluated as the worker: the CLI runs its TypeScript through tsx, which a worker does not inherit. */
const HASH_PARTS = `
const { closeSync, openSync, readSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { parentPort, workerData: { path, size, partSize } } = require('node:worker_threads');
const slice = Buffer.allocUnsafe(4 * 1024 * 1024);
const fd = openSync(path, 'r');
const digests = [];
try {
  for (let offset = 0; offset < size; offset += partSize) {
    const hash = createHash('md5');
    for (let at = offset, end = Math.min(size, offset + partSize); at < end; ) {
      const read = readSync(fd, slice, 0, Math.min(slice.length, end - at), at);
      if (read === 0) throw new Error(path + ' is shorter than ' + size + ' bytes');
      hash.update(slice.subarray(0, read));
      at += read;
    }
    digests.push(hash.digest('base64'));
  }
} finally {
  closeSync(fd);
}
parentPort.postMessage(digests);
`;

/**
 * Each part's MD5 (base64, as Content-MD5 takes it), hashed on another thread while this one hashes the whole
 * file for the upload's start: the second core is idle then, and busy with the server once the parts go.
 */
export function partDigests(path: string, size: number, partSize: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(HASH_PARTS, { eval: true, workerData: { path, size, partSize } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`part hashing stopped (exit code ${code})`)));
  });
}
