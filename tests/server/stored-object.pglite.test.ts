import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { storedByteSource } from '../../server/modules/lake/stored-object';
import { LocalDiskStore } from '../../server/storage/local-disk-store';
import type { ObjectStore } from '../../server/storage/object-store';

/** How the parsers read a stored recording: into their own reused buffer, fresh memory only where the store has no other way. */
const root = mkdtempSync(path.join(tmpdir(), 'edp-stored-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const disk = new LocalDiskStore({ root, signingSecret: 'test-signing-secret' });

describe('a stored recording as the parsers read it', () => {
  it('is read from a local file straight into the buffer it is given, with no read stream', async () => {
    await disk.put('bags/one.mcap', Buffer.from('abcdefghij'));
    const get = vi.spyOn(disk, 'get');
    const target = new Uint8Array(5);
    await storedByteSource(disk, 'bags/one.mcap', 10).readInto!(2, target);
    expect(Buffer.from(target).toString()).toBe('cdefg');
    expect(get).not.toHaveBeenCalled();
    get.mockRestore();
  });

  it('is read by a ranged GET where the store cannot read into a buffer (S3), and refuses a short answer', async () => {
    const store = { get: disk.get.bind(disk) } as unknown as ObjectStore;
    const source = storedByteSource(store, 'bags/one.mcap', 10);
    expect(Buffer.from(await source.read(6, 4)).toString()).toBe('ghij');
    await expect(source.readInto!(8, new Uint8Array(4))).rejects.toThrow(/sent 2 of 4 bytes at 8/);
  });
});
