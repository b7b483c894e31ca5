import { Worker } from 'node:worker_threads';

/** How far below the server's own threads these run (nice; 19 is the least): a busy disk thread waits, a request does not. */
const BULK_NICE = 10;

/**
 * Plain JavaScript, evaluated as the worker (the server may run its TypeScript through tsx, which a worker does
 * not inherit), at a lower priority than the event loop's thread. Per file: open, then each piece hashed and
 * written at its place, then the MD5 on close; or a whole file read and hashed at once.
 */
const WRITER = `const BULK_NICE = ${BULK_NICE};
const { closeSync, openSync, readSync, writeSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { parentPort } = require('node:worker_threads');
// Bulk file work gives way to the requests: on Linux this thread alone (its id read off /proc/thread-self) is niced.
try {
  require('node:os').setPriority(Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()), BULK_NICE);
} catch {}
const files = new Map();
const fail = (id, error) => parentPort.postMessage({ id, error: { message: error.message, code: error.code, syscall: error.syscall } });
parentPort.on('message', ({ id, op, file, flags, at, bytes, length, back }) => {
  try {
    if (op === 'hash') {
      const fd = openSync(file, 'r');
      const hash = createHash('md5');
      const slice = Buffer.allocUnsafe(4 * 1024 * 1024);
      try {
        for (let read; (read = readSync(fd, slice, 0, slice.length, null)) > 0; ) hash.update(slice.subarray(0, read));
      } finally {
        closeSync(fd);
      }
      return parentPort.postMessage({ id, md5: hash.digest('hex') });
    }
    if (op === 'open') {
      files.set(id, { fd: openSync(file, flags), position: at, hash: createHash('md5') });
      return parentPort.postMessage({ id });
    }
    const open = files.get(id);
    if (!open) throw new Error('the file is not open');
    if (op === 'write') {
      const piece = bytes.subarray(0, length);
      open.hash.update(piece);
      for (let done = 0; done < piece.length; ) done += writeSync(open.fd, piece, done, piece.length - done, open.position + done);
      open.position += piece.length;
      // A moved buffer goes back, to be filled again: the sender allocates a few, not one per piece.
      return back ? parentPort.postMessage({ id, bytes }, [bytes.buffer]) : parentPort.postMessage({ id });
    }
    files.delete(id);
    closeSync(open.fd);
    parentPort.postMessage({ id, md5: op === 'close' ? open.hash.digest('hex') : undefined });
  } catch (error) {
    const open = files.get(id);
    files.delete(id);
    if (open) closeSync(open.fd);
    fail(id, error);
  }
});
`;

interface Answer {
  id: number;
  md5?: string;
  /** A moved buffer, back once written. */
  bytes?: Uint8Array;
  error?: { message: string; code?: string; syscall?: string };
}

/** Pieces a file may have on their way to the worker at once: enough to keep it busy, few enough to bound memory. */
const IN_FLIGHT = 4;

/** The size of a piece an upload is gathered into: a request body arrives in pieces of a few KiB, and each write costs a system call. */
export const PIECE_BYTES = 1024 * 1024;
/** Spare pieces kept for the next upload: a few uploads at once reuse them, more allocate. */
const SPARE_PIECES = 8;
const spare: Buffer[] = [];

/**
 * Buffers of PIECE_BYTES, each back from the writer thread once written. A gigabyte uploaded in fresh buffers is a
 * gigabyte of memory for the collector to reclaim (pauses of tens of milliseconds on every request); reused, a few.
 */
export const pieces = {
  /** How many were allocated since the server started. */
  made: 0,
  take(): Buffer {
    return spare.pop() ?? (pieces.made++, Buffer.allocUnsafeSlow(PIECE_BYTES));
  },
  give(piece: Buffer): void {
    if (piece.length === PIECE_BYTES && spare.length < SPARE_PIECES) spare.push(piece);
  },
};

type Pending = { resolve: (answer: Answer) => void; reject: (error: Error) => void };
/** A worker and, per file (id), the answers still awaited from it, oldest first. */
interface FileThread {
  worker: Worker;
  waiting: Map<number, Pending[]>;
}

/** One thread writes (the parts arriving), another reads whole files to hash them: a file being checked holds up no write. */
type Role = 'write' | 'hash';
const threads = new Map<Role, FileThread>();
let nextId = 0;

function fileThread(role: Role): FileThread {
  const running = threads.get(role);
  if (running) return running;
  const thread: FileThread = { worker: new Worker(WRITER, { eval: true }), waiting: new Map() };
  const { worker, waiting } = thread;
  worker.unref(); // it never keeps the server from exiting
  worker.on('message', (answer: Answer) => {
    // One answer per message, in order (after a failure the file is closed, and each later message fails too).
    const pendings = waiting.get(answer.id);
    const next = pendings?.shift();
    if (!pendings?.length) waiting.delete(answer.id);
    if (answer.error) next?.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code, syscall: answer.error.syscall }));
    else next?.resolve(answer);
  });
  worker.on('error', (error) => {
    for (const pendings of waiting.values()) for (const pending of pendings) pending.reject(error);
    waiting.clear();
    threads.delete(role);
  });
  threads.set(role, thread);
  return thread;
}

/** Sends one message to a thread; its answer (in order, per id) settles the promise. */
function ask({ worker, waiting }: FileThread, id: number, message: object, transfer: ArrayBuffer[] = []): Promise<Answer> {
  const answered = new Promise<Answer>((resolve, reject) => {
    const pendings = waiting.get(id) ?? [];
    pendings.push({ resolve, reject });
    waiting.set(id, pendings);
  });
  worker.postMessage({ id, ...message }, transfer);
  return answered;
}

/** The MD5 (hex) of a whole file, read and hashed on a thread of its own: a gigabyte's check holds the event loop not at all. */
export async function md5FileOffThread(file: string): Promise<string> {
  return (await ask(fileThread('hash'), nextId++, { op: 'hash', file })).md5!;
}

/**
 * A file written and hashed on a thread of its own, so neither the MD5 nor the system calls hold the event loop
 * (each request's parts arrive in megabytes). `flags` as fs.open takes them; the bytes go from offset `at`.
 */
export class OffThreadWrite {
  private readonly id = nextId++;
  private readonly inFlight: Promise<Answer>[] = [];
  private readonly thread = fileThread('write');

  private send(message: object, transfer: ArrayBuffer[] = []): Promise<Answer> {
    return ask(this.thread, this.id, message, transfer);
  }

  static async open(file: string, flags: 'wx' | 'r+', at = 0): Promise<OffThreadWrite> {
    const write = new OffThreadWrite();
    await write.send({ op: 'open', file, flags, at });
    return write;
  }

  /**
   * Hands over the first `length` bytes of `bytes`. Only for a buffer of the caller's own making: one that is its
   * whole ArrayBuffer moves without a copy, is empty here afterwards, and once written goes to `pieces`.
   */
  async write(bytes: Buffer, length = bytes.length): Promise<void> {
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    const written = this.send({ op: 'write', bytes, length, back: whole }, whole ? [bytes.buffer as ArrayBuffer] : []);
    written.then(
      ({ bytes: back }) => back && pieces.give(Buffer.from(back.buffer, back.byteOffset, back.byteLength)),
      () => undefined, // awaited below or in close(); until then a failure is not unhandled
    );
    this.inFlight.push(written);
    if (this.inFlight.length >= IN_FLIGHT) await this.inFlight.shift();
  }

  /** Waits for every piece, closes the file, and answers its MD5 (hex). */
  async close(): Promise<string> {
    await Promise.all(this.inFlight.splice(0));
    return (await this.send({ op: 'close' })).md5!;
  }

  /** Closes the file, whatever became of the pieces still on their way. */
  async abandon(): Promise<void> {
    await Promise.allSettled(this.inFlight.splice(0));
    await this.send({ op: 'abandon' }).catch(() => undefined);
  }
}
