import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, it } from 'vitest';
import { openDatabase } from '../../../server/db/connect';
import { killedAndRestarted } from '../helpers/crash-scenario';
import { pythonForRuns } from '../helpers/runs';
import type { ServerProcess } from '../helpers/server-process';

const dir = mkdtempSync(path.join(tmpdir(), 'edp-crash-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
});

it.skipIf(!pythonForRuns())(
  'on the embedded database, a server killed three times mid-write, mid-upload, mid-run and mid-job loses nothing it acknowledged',
  () => killedAndRestarted({ DATA_DIR: dir }, running, () => openDatabase({ kind: 'pglite', dir })),
  300_000,
);
