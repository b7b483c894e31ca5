import { it } from 'vitest';
import { openDatabase } from '../../../server/db/connect';
import { killedAndRestarted } from '../helpers/crash-scenario';
import { pythonForRuns } from '../helpers/runs';
import { useServerSchema } from '../helpers/server-schema';

const { url, schema, databaseUrl, running } = useServerSchema();

it.skipIf(!pythonForRuns())(
  'on PostgreSQL, a server killed three times mid-write, mid-upload, mid-run and mid-job loses nothing it acknowledged',
  () => killedAndRestarted({ DATABASE_URL: databaseUrl, EDP_DEMO: '1' }, running, () => openDatabase({ kind: 'postgres', url, schema })),
  300_000,
);
