import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Neighbour } from '../fairness';

const EXPORTER = fileURLToPath(new URL('./csv-process.ts', import.meta.url));

/**
 * One person exporting the whole raw-data list as CSV (the server stops at its cap, EXPORT_CAP rows), again and
 * again until the time is up, from a process of its own at the lowest priority (as from another computer).
 */
export function csvExport(origin: string, token: string): Neighbour {
  return {
    name: 'CSV export of the raw-data list',
    prepare: async () => {},
    run: async (until) => {
      const from = Date.now();
      const { stdout } = await promisify(execFile)('nice', ['-n', '19', process.execPath, '--import', 'tsx', EXPORTER, origin, token, String(until)]);
      const { exports, lines, bytes } = JSON.parse(stdout.trim().split('\n').pop()!) as { exports: number; lines: number; bytes: number };
      const seconds = (Date.now() - from) / 1000;
      const did = `${exports} exports of ${Math.round(lines / exports - 1).toLocaleString('en')} rows, ${(bytes / exports / 1e6).toFixed(1)} MB, ${(seconds / exports).toFixed(1)} s each`;
      return { windows: [{ label: '', from, to: Date.now() }], did };
    },
  };
}
