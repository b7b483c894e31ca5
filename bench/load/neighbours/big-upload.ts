import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeBigRecording } from '../../upload/big-recording';
import type { Neighbour, Window } from '../fairness';

const UPLOADER = fileURLToPath(new URL('./upload-process.ts', import.meta.url));
/** Recordings made ready: one upload after another until the phase is over, each a file the space does not hold yet. */
const FILES = 6;
/** Nanoseconds between the starts of two of them: recordings that begin at different times differ in bytes. */
const APART_NS = 3_600_000_000_000n;

/** One upload by the command-line uploader, in a process of its own at the lowest priority (as from another computer). */
async function uploadOnce(origin: string, token: string, file: string) {
  const from = Date.now();
  const { stdout } = await promisify(execFile)('nice', ['-n', '19', process.execPath, '--import', 'tsx', UPLOADER, origin, token, file], {
    maxBuffer: 1 << 20,
  });
  const { received, stored, outcome } = JSON.parse(stdout.trim().split('\n').pop()!) as { received: number; stored: number; outcome: { status: string } };
  if (outcome.status !== 'SUCCESS') throw new Error(`the big upload ended ${JSON.stringify(outcome)}`);
  return { from, received, stored };
}

/**
 * One person uploading recordings of `mib` MiB through the command-line uploader, one after another while the phase
 * lasts (at most FILES): their parts, then the server's check and parse of each. Its hashing and reading weigh on
 * the machine, never on the event loop that times the lists, and yield to the server as another computer's would.
 */
export function bigUpload(origin: string, token: string, mib: number): Neighbour {
  const dir = mkdtempSync(path.join(tmpdir(), 'edp-bench-load-big-'));
  const files = Array.from({ length: FILES }, (_, index) => path.join(dir, `load-big-${Date.now()}-${index}.mcap`));
  return {
    name: `${mib} MiB uploads`,
    prepare: async () => {
      for (const [index, file] of files.entries()) await writeBigRecording(file, mib, true, 1_763_800_000_000_000_000n + BigInt(index) * APART_NS);
    },
    run: async (until) => {
      const windows: Window[] = [];
      const spans: string[] = [];
      try {
        for (const file of files) {
          const { from, received, stored } = await uploadOnce(origin, token, file);
          windows.push({ label: 'sending parts', from, to: received }, { label: 'MD5 check + parse', from: received, to: stored });
          spans.push(`${((received - from) / 1000).toFixed(1)} + ${((stored - received) / 1000).toFixed(1)} s`);
          if (Date.now() >= until) break;
        }
        return { windows, did: `${spans.length} uploads, parts sent + checked and parsed in ${spans.join(', ')}` };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
