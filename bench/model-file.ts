import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../server/db/tables';
import { storeRunFile } from '../server/modules/runs/run-files';
import { LocalDiskStore } from '../server/storage/local-disk-store';
import type { Figure } from './each-database';

const GIB = 1024 ** 3;
const ROUNDS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A file of `size` bytes that no layer can compress or deduplicate away: 1 MiB of random bytes, each copy changed. */
async function writeModelFile(file: string, size: number): Promise<void> {
  const handle = await open(file, 'w');
  const block = Buffer.alloc(1024 ** 2);
  for (let offset = 0; offset < size; offset += block.length) {
    for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
    await handle.write(block, 0, Math.min(block.length, size - offset));
  }
  await handle.close();
}

/**
 * Storing a model a run wrote (1 GiB): as the runner hands a file over, read, hashed (SHA-256) and
 * put in the local store with its row, against `cp` of the same file on the same disk and reading and hashing
 * it alone (the least a checksumming store does). Median of three.
 */
export async function modelFileFigure(db: Db, run: { id: number; tenantId: number }): Promise<Figure> {
  const dir = await mkdtemp(path.join(tmpdir(), 'edp-bench-model-'));
  try {
    const source = path.join(dir, 'policy.safetensors');
    await writeModelFile(source, GIB);
    const store = new LocalDiskStore({ root: path.join(dir, 'objects'), signingSecret: 'bench' });
    const copies: number[] = [];
    const hashes: number[] = [];
    const stores: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const begin = performance.now();
      const copied = spawnSync('cp', [source, path.join(dir, `copy-${round}`)]);
      if (copied.status !== 0) throw new Error(`cp: ${copied.stderr.toString()}`);
      copies.push(performance.now() - begin);
      await rm(path.join(dir, `copy-${round}`));
      const hashing = performance.now();
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(source)) hash.update(chunk as Buffer);
      hash.digest();
      hashes.push(performance.now() - hashing);
      const start = performance.now();
      await storeRunFile(db, store, run, `policy-${round}.safetensors`, createReadStream(source), new Date());
      stores.push(performance.now() - start);
      await store.delete(`runs/${run.tenantId}/${run.id}/policy-${round}.safetensors`);
    }
    const rate = (ms: number) => GIB / 1024 ** 2 / (ms / 1000);
    const [stored, copied, hashed] = [rate(median(stores)), rate(median(copies)), rate(median(hashes))];
    // cp on one disk copies in the kernel and never reads the bytes; a store that checksums them can go no faster than reading and hashing them.
    const bound = Math.min(copied, hashed);
    return {
      name: 'storing a 1 GiB model file a run wrote (SHA-256 on the way)',
      value: stored,
      unit: 'MiB/s',
      goal: '≥ ½ of min(cp, read+hash)',
      met: stored >= bound / 2,
      answer: `cp ${copied.toFixed(0)} MiB/s, reading and hashing it alone ${hashed.toFixed(0)} MiB/s (stored at ${((stored / bound) * 100).toFixed(0)}% of the lower); median of ${ROUNDS}`,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
