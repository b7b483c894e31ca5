import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll } from 'vitest';
import { LocalDiskStore } from '../../../server/storage/local-disk-store';
import type { Body, ObjectStore } from '../../../server/storage/object-store';
import { asStoreFailure } from '../../../server/storage/storage-failure';
import { manualClock, useTestApp } from './test-app';

/**
 * How a store fails: `full` as a disk with no space left (its writes fail with ENOSPC, its reads still work),
 * `unreachable` as a store on a mount or network that has gone (every call fails with EIO).
 */
export type StoreFailure = 'full' | 'unreachable';

const WRITES = new Set<PropertyKey>(['put', 'createMultipart', 'uploadPart', 'completeMultipart']);
const CALLS = new Set<PropertyKey>([...WRITES, 'listParts', 'abortMultipart', 'get', 'md5', 'readInto', 'head', 'delete']);

const systemError = (failure: StoreFailure, call: string) =>
  failure === 'full'
    ? Object.assign(new Error(`ENOSPC: no space left on device, ${call}`), { code: 'ENOSPC', errno: -28, syscall: 'write' })
    : Object.assign(new Error(`EIO: i/o error, ${call}`), { code: 'EIO', errno: -5, syscall: 'read' });

/** Passes up to `bytes` of the body on, then fails as the disk did: the store has begun writing when the failure comes. */
function failingAfter(body: Body, bytes: number, error: Error): Readable {
  async function* cut() {
    let passed = 0;
    for await (const chunk of Buffer.isBuffer(body) ? [body] : (body as AsyncIterable<Buffer>)) {
      if (passed + chunk.length >= bytes) {
        yield chunk.subarray(0, bytes - passed);
        throw error;
      }
      passed += chunk.length;
      yield chunk;
    }
    throw error; // a short body fails at its end
  }
  return Readable.from(cut(), { objectMode: false });
}

/**
 * The given store (a LocalDiskStore stays one: the app still serves its links), failing through its own interface
 * while a failure is set: for every call it touches, or only `call`, and for ever or the next `times`. A write of
 * bytes (put, a part) hands the store below a body whose first MiB arrives before the disk's error does, so that
 * store half-writes, then fails and cleans up as it would; any other call fails outright, with the error a store
 * raises for a full or lost disk.
 */
export function failingStore<T extends ObjectStore>(store: T) {
  let failure: { how: StoreFailure; left: number; call?: string } | undefined;
  const failsNow = (name: PropertyKey) =>
    failure !== undefined && failure.left > 0 && (failure.call ?? name) === name && (failure.how === 'full' ? WRITES : CALLS).has(name);
  const proxy = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function' || !failsNow(name)) return value;
      const call = value as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        if (!failsNow(name)) return call.apply(receiver, args); // another call used up the failures meanwhile
        const error = systemError(failure!.how, String(name));
        failure!.left--;
        if (name === 'put') return call.apply(receiver, [args[0], failingAfter(args[1] as Body, 1024 * 1024, error), ...args.slice(2)]);
        if (name === 'uploadPart') return call.apply(receiver, [...args.slice(0, 3), failingAfter(args[3] as Body, 1024 * 1024, error), ...args.slice(4)]);
        throw asStoreFailure(error);
      };
    },
  });
  return {
    store: proxy,
    /** From now on, the store fails so: every call it touches, or only `call`, for ever or the next `times`. */
    fail(how: StoreFailure, { times = Infinity, call }: { times?: number; call?: keyof ObjectStore } = {}) {
      failure = { how, left: times, ...(call ? { call } : {}) };
    },
    recover() {
      failure = undefined;
    },
  };
}

/** A test app (for the file) on a local store of its own that fails when told; `disk` is the store beneath, to look into. */
export function useAppOnFailingDisk() {
  const root = mkdtempSync(path.join(tmpdir(), 'edp-failing-store-'));
  const disk = new LocalDiskStore({ root, signingSecret: 'test-signing-secret', clock: manualClock() });
  const failing = failingStore(disk);
  const { t, api } = useTestApp({}, { storage: failing.store });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return { t, api, disk, failing, root };
}
