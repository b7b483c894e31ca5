import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { writeHashed } from '../../server/storage/local-files';
import { md5FileOffThread, OffThreadWrite, pieces } from '../../server/storage/off-thread-writer';

/** The local store's writes and MD5s happen on a thread of their own (an upload's hashing leaves the event loop free). */
const dir = mkdtempSync(path.join(tmpdir(), 'edp-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe('a file written off the event loop', () => {
  it('writes the pieces in order, from its offset, and answers their MD5', async () => {
    const file = path.join(dir, 'placed.bin');
    writeFileSync(file, Buffer.alloc(10, 0x2e));
    const write = await OffThreadWrite.open(file, 'r+', 3);
    for (const text of ['ab', 'cd', 'e']) await write.write(Buffer.from(text));
    expect(await write.close()).toBe(md5(Buffer.from('abcde')));
    expect(readFileSync(file, 'utf8')).toBe('...abcde..');
  });

  it("fails as the file system does (a missing directory is ENOENT), and a file that exists is not overwritten ('wx')", async () => {
    await expect(OffThreadWrite.open(path.join(dir, 'missing', 'x.bin'), 'wx')).rejects.toMatchObject({ code: 'ENOENT' });
    writeFileSync(path.join(dir, 'taken.bin'), 'mine');
    await expect(writeHashed(Buffer.from('other'), path.join(dir, 'taken.bin'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(path.join(dir, 'taken.bin'), 'utf8')).toBe('mine');
  });

  it("leaves the caller's buffers as they were: only pieces it made itself are moved to the thread", async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const small = Buffer.from('tail');
    const done = await writeHashed(Readable.from([big, small]), path.join(dir, 'kept.bin'));
    expect(done).toEqual({ size: big.length + small.length, md5: md5(Buffer.concat([big, small])) });
    expect(big.length).toBe(3 * 1024 * 1024);
    expect(big[big.length - 1]).toBe(7);
    expect(small.toString()).toBe('tail');
  });

  it('gathers a body into a few reused pieces, whatever its size, each byte once and in order', async () => {
    // Chunks of an odd size, as a socket hands them: most straddle two pieces.
    const body = () => Readable.from(Array.from({ length: 200 }, (_, index) => Buffer.alloc(100_003, index)));
    const expected = md5(Buffer.concat(Array.from({ length: 200 }, (_, index) => Buffer.alloc(100_003, index))));
    const held = Array.from({ length: 8 }, () => pieces.take()); // no spare piece left from earlier writes
    const before = pieces.made;
    expect(await writeHashed(body(), path.join(dir, 'pieces-1.bin'))).toEqual({ size: 20_000_600, md5: expected });
    const madeByFirst = pieces.made - before;
    expect(madeByFirst).toBeGreaterThan(0);
    expect(madeByFirst).toBeLessThanOrEqual(6); // the pieces in flight, the one filling and the one waiting: not 20
    expect(await writeHashed(body(), path.join(dir, 'pieces-2.bin'))).toEqual({ size: 20_000_600, md5: expected });
    expect(pieces.made - before).toBe(madeByFirst);
    expect(md5(readFileSync(path.join(dir, 'pieces-2.bin')))).toBe(expected); // what reached the disk, too
    held.forEach(pieces.give);
  });

  it('keeps serving other files after one failed', async () => {
    const results = await Promise.allSettled([
      writeHashed(Buffer.from('lost'), path.join(dir, 'nowhere', 'lost.bin')),
      writeHashed(Readable.from([Buffer.from('kept '), Buffer.from('too')]), path.join(dir, 'alongside.bin')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(readFileSync(path.join(dir, 'alongside.bin'), 'utf8')).toBe('kept too');
  });
});

describe('a file hashed off the event loop', () => {
  it('answers the MD5 of the whole file, larger than one read, and fails as the file system does', async () => {
    const bytes = Buffer.alloc(9 * 1024 * 1024 + 3, 5);
    bytes[bytes.length - 1] = 9;
    writeFileSync(path.join(dir, 'whole.bin'), bytes);
    expect(await md5FileOffThread(path.join(dir, 'whole.bin'))).toBe(md5(bytes));
    await expect(md5FileOffThread(path.join(dir, 'absent.bin'))).rejects.toMatchObject({ code: 'ENOENT', syscall: 'open' });
  });

  it('hashes while a write is under way on the other thread, each answering its own', async () => {
    const write = await OffThreadWrite.open(path.join(dir, 'beside.bin'), 'wx');
    const hashed = md5FileOffThread(path.join(dir, 'whole.bin'));
    await write.write(Buffer.from('written'));
    expect(await write.close()).toBe(md5(Buffer.from('written')));
    expect(await hashed).toBe(md5(readFileSync(path.join(dir, 'whole.bin'))));
  });
});

describe('the file threads', () => {
  /** The nice value of each thread of this process (field 19 of its stat, after the command's parentheses). */
  const niceOfThreads = () =>
    readdirSync('/proc/self/task').map((task) => Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));

  it.runIf(process.platform === 'linux')('run below the event loop’s priority, so a busy disk thread waits and a request does not', async () => {
    const write = await OffThreadWrite.open(path.join(dir, 'niced.bin'), 'wx');
    await write.close();
    expect(niceOfThreads()).toContain(10);
    expect(niceOfThreads()[0]).toBe(0); // the process's own thread is left as it was
  });
});
