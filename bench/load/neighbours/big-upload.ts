import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiClient } from '../../../cli/upload/api';
import { uploadFile } from '../../../cli/upload/upload-file';
import { writeBigRecording } from '../../upload/big-recording';
import type { Neighbour } from '../fairness';

/** Upload stages after the last part: the server holds the file and checks (MD5) and parses it. */
const RECEIVED = ['waiting', 'parsing', 'completed'];

/** One person uploading a recording of `mib` MiB through the command-line uploader: its parts, then the server's check and parse of it. */
export function bigUpload(origin: string, token: string, mib: number): Neighbour {
  const dir = mkdtempSync(path.join(tmpdir(), 'edp-bench-load-big-'));
  const file = path.join(dir, `load-big-${Date.now()}.mcap`);
  return {
    name: `${mib} MiB upload`,
    prepare: () => writeBigRecording(file, mib, true),
    run: async () => {
      const from = Date.now();
      let received = 0;
      try {
        const outcome = await uploadFile(apiClient(origin, token), file, {
          metadata: { robotSn: 'SN-LOAD-BIG', robotType: 'ur5e', bagRegion: 'suzhou', uploadType: 'manual' },
          pollMs: 200,
          onProgress: ({ stage }) => void (!received && RECEIVED.includes(stage) && (received = Date.now())),
        });
        if (outcome.status !== 'SUCCESS') throw new Error(`the big upload ended ${JSON.stringify(outcome)}`);
        const to = Date.now();
        const did = `${(statSync(file).size / 2 ** 20).toFixed(0)} MiB: parts sent in ${((received - from) / 1000).toFixed(1)} s, checked and parsed in ${((to - received) / 1000).toFixed(1)} s`;
        return {
          windows: [
            { label: 'sending parts', from, to: received },
            { label: 'MD5 check + parse', from: received, to },
          ],
          did,
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
