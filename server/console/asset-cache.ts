import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { acceptedEncoding, type Encoding } from '../http/accepted-encoding';

/** One hashed asset as the build wrote it: its bytes, and the pre-compressed siblings it wrote beside it. */
export interface Asset {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/**
 * The files of one folder of the build, read once into memory (not its sub-folders): the hashed
 * assets (`dist/app/assets`), and the documents and icon beside them. A list page asks
 * for a dozen assets; each read from disk and streamed cost the server more than a millisecond. A
 * document or the icon sent from disk cost a stat and a search for compressed siblings on the
 * server's thread, holding up the data request of a cold list by 100-400 ms. A new build is served
 * from the next start (npm start builds first); ~7 MB with both encodings.
 */
export async function readAssets(dir: string): Promise<Map<string, Asset>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const assets = new Map<string, Asset>();
  const sibling = (name: string) => readFile(path.join(dir, name)).catch(() => undefined);
  for (const name of names) {
    const type = TYPES[path.extname(name)];
    if (!type) continue; // a .br or .gz sibling, a folder, or a kind the browser is better sent from disk
    const [identity, br, gzip] = await Promise.all([readFile(path.join(dir, name)), sibling(`${name}.br`), sibling(`${name}.gz`)]);
    assets.set(name, { type, identity, br, gzip });
  }
  return assets;
}

/** The best encoding the request accepts of those the build wrote, and its bytes. */
export function encodedFor(asset: Asset, acceptEncoding?: string): { encoding?: Encoding; body: Buffer } {
  const encoding = acceptedEncoding(
    acceptEncoding,
    (['br', 'gzip'] as const).filter((offered) => asset[offered]),
  );
  return encoding ? { encoding, body: asset[encoding]! } : { body: asset.identity };
}
