import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const { t, api } = useTestApp();

/**
 * Heavy work takes turns with other people's requests on the one event loop. Over real sockets (an
 * injected request would not show it): a list asked for just after a CSV export of many batches
 * began is answered before the export ends. On the embedded database each batch's query resolves
 * through microtasks alone, so without a yield between batches the whole export would go first.
 */
it('answers a list asked for during a long CSV export before the export ends', async () => {
  // A bag, copied until the export takes many batches.
  const token = await api.token('demo', 'rd');
  const start = new Date(Date.UTC(2026, 9, 1)).toISOString();
  const made = await api.post(
    '/data/bag/create',
    {
      bagName: 'turns',
      bagStatus: 'good',
      bagSize: 1024,
      bagDuration: 60,
      bagStartTime: start,
      bagEndTime: start,
      bagRegion: 'suzhou',
      uploadType: 'auto',
      bagOssPath: 'oss://edp-raw/turns',
      robotSn: 'SN-1',
      robotType: 'UR5e',
    },
    { token },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_name = 'bags' and table_schema = current_schema() and column_name not in ('id', 'bag_name')`.execute(t.database.db);
  const columns = sql.raw(rows.map((row) => `"${row.name}"`).join(', '));
  for (let copy = 1; copy <= 12; copy++)
    await sql`insert into bags (bag_name, ${columns}) select bag_name || ${`-copy${copy}`}, ${columns} from bags`.execute(t.database.db);

  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const get = (path: string) => fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  const finished: string[] = [];
  const exporting = get('/data/bag/export').then(async (response) => {
    const text = await response.text();
    finished.push('export');
    return text.split('\n').length;
  });
  await new Promise((resolve) => setTimeout(resolve, 20)); // the export is under way
  const listing = get('/data/bag/query?pageSize=10').then(async (response) => {
    expect(response.status).toBe(200);
    finished.push('list');
  });
  const [lines] = await Promise.all([exporting, listing]);
  expect(lines).toBeGreaterThan(3000); // several batches
  expect(finished).toEqual(['list', 'export']);
});
