import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { LocalDiskStore } from '../../server/storage/local-disk-store';

/** The disk fills up as an upload is being made: its description is the write that fails. */
vi.mock('node:fs/promises', async (actual) => {
  const real = await actual<typeof import('node:fs/promises')>();
  return {
    ...real,
    writeFile: (async (file: string, ...rest: unknown[]) => {
      if (String(file).endsWith('upload.json'))
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
      return (real.writeFile as (...args: unknown[]) => Promise<void>)(file, ...rest);
    }) as typeof real.writeFile,
  };
});

const root = mkdtempSync(path.join(tmpdir(), 'edp-multipart-full-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('a multipart upload the full disk stopped halfway is said to be the store being full, and leaves no folder behind', async () => {
  const store = new LocalDiskStore({ root, signingSecret: 'test-signing-secret' });
  for (const partSize of [undefined, 8 * 1024 * 1024])
    await expect(store.createMultipart('full/disk.mcap', partSize ? { partSize } : {})).rejects.toMatchObject({ name: 'StoreFailureError', failure: 'full' });
  expect(readdirSync(path.join(root, '.multipart'))).toEqual([]);
});
