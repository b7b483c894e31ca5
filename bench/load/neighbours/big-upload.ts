import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeBigRecording } from '../../upload/big-recording';
import type { Neighbour } from '../fairness';

const UPLOADER = fileURLToPath(new URL('./upload-process.ts', import.meta.url));

/** One person uploading a recording of `mib` MiB through the command-line uploader, from a process of its own: its parts, then the server's check and parse of it. */
export function bigUpload(origin: string, token: string, mib: number): Neighbour {
  const dir = mkdtempSync(path.join(tmpdir(), 'edp-bench-load-big-'));
  const file = path.join(dir, `load-big-${Date.now()}.mcap`);
  return {
    name: `${mib} MiB upload`,
    prepare: () => writeBigRecording(file, mib, true),
    run: async () => {
      const from = Date.now();
      try {
        const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', UPLOADER, origin, token, file], { maxBuffer: 1 << 20 });
        const { received, stored, outcome } = JSON.parse(stdout.trim().split('\n').pop()!) as { received: number; stored: number; outcome: { status: string } };
        if (outcome.status !== 'SUCCESS') throw new Error(`the big upload ended ${JSON.stringify(outcome)}`);
        const did = `${(statSync(file).size / 2 ** 20).toFixed(0)} MiB: parts sent in ${((received - from) / 1000).toFixed(1)} s, checked and parsed in ${((stored - received) / 1000).toFixed(1)} s`;
        return {
          windows: [
            { label: 'sending parts', from, to: received },
            { label: 'MD5 check + parse', from: received, to: stored },
          ],
          did,
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
