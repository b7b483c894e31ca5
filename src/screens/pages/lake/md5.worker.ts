/// <reference lib="webworker" />
import { createMD5 } from 'hash-wasm';
import { MD5_SLICE, type Md5Reply } from './file-md5';

/**
 * A file's MD5, away from the page: read in slices (never the whole file in memory), fed to
 * hash-wasm's incremental MD5, with the bytes read so far posted as it goes.
 */
self.onmessage = async ({ data: file }: MessageEvent<Blob>) => {
  const post = (reply: Md5Reply) => self.postMessage(reply);
  try {
    const hasher = await createMD5();
    hasher.init();
    for (let offset = 0; offset < file.size; offset += MD5_SLICE) {
      const end = Math.min(offset + MD5_SLICE, file.size);
      hasher.update(new Uint8Array(await file.slice(offset, end).arrayBuffer()));
      post({ read: end });
    }
    post({ read: file.size, md5: hasher.digest('hex') });
  } catch (error) {
    post({ read: 0, error: String(error) });
  }
};
