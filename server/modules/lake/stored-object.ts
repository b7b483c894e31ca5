import { createHash } from 'node:crypto';
import type { ByteSource } from '../../recordings/parse-recording';
import type { ObjectStore } from '../../storage/object-store';

/**
 * A stored object as the parsers read it: straight into the parser's buffer where the store can (readInto), else each
 * read one ranged GET copied into it (or into a new one).
 */
export function storedByteSource(storage: ObjectStore, key: string, size: number): ByteSource {
  const readInto = async (offset: number, target: Uint8Array) => {
    if (storage.readInto) return storage.readInto(key, offset, target);
    const { body } = await storage.get(key, { start: offset, end: offset + target.byteLength - 1 });
    let filled = 0;
    for await (const chunk of body) {
      const bytes = chunk as Buffer;
      if (filled + bytes.byteLength > target.byteLength) throw new Error(`The store sent more than the ${target.byteLength} bytes asked for at ${offset}`);
      target.set(bytes, filled);
      filled += bytes.byteLength;
    }
    if (filled !== target.byteLength) throw new Error(`The store sent ${filled} of ${target.byteLength} bytes at ${offset}`);
  };
  return {
    size,
    readInto,
    read: async (offset, length) => {
      const bytes = Buffer.allocUnsafe(length); // every byte is set by readInto, or it throws
      await readInto(offset, bytes);
      return bytes;
    },
  };
}

/** The MD5 of a stored object: the store's own reckoning where it has one, else streamed (a file of any size is read once, never held). */
export async function storedMd5(storage: ObjectStore, key: string): Promise<string> {
  if (storage.md5) return storage.md5(key);
  const hash = createHash('md5');
  const { body } = await storage.get(key);
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
