import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

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
};

/**
 * The build's hashed assets (`dist/app/assets`), read once into memory: a list page asks for about a
 * hundred of them, and each one read from disk and streamed cost the server more than a millisecond
 * (issue #11). They never change under their names, so nothing is read again; ~7 MB with both encodings.
 */
export async function readAssets(dir: string): Promise<Map<string, Asset>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const assets = new Map<string, Asset>();
  const sibling = (name: string) => readFile(path.join(dir, name)).catch(() => undefined);
  for (const name of names) {
    const type = TYPES[path.extname(name)];
    if (!type) continue; // a .br or .gz sibling, or a kind the browser is better sent from disk
    const [identity, br, gzip] = await Promise.all([readFile(path.join(dir, name)), sibling(`${name}.br`), sibling(`${name}.gz`)]);
    assets.set(name, { type, identity, br, gzip });
  }
  return assets;
}

/** The best encoding the request accepts, and its bytes. */
export function encodedFor(asset: Asset, acceptEncoding = ''): { encoding?: 'br' | 'gzip'; body: Buffer } {
  if (asset.br && /\bbr\b/.test(acceptEncoding)) return { encoding: 'br', body: asset.br };
  if (asset.gzip && /\bgzip\b/.test(acceptEncoding)) return { encoding: 'gzip', body: asset.gzip };
  return { body: asset.identity };
}
