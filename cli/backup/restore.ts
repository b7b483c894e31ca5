import { parseArgs } from 'node:util';
import { restoreSnapshot } from '../../server/backup/restore';
import { readConfig } from '../../server/config';

const USAGE = `Brings a snapshot taken by \`npm run backup\` back into an empty data directory, after checking every
file against its manifest; then \`npm start\` with that DATA_DIR serves it.

  npm run restore -- SNAPSHOT_DIR [--data-dir DIR]   (default: DATA_DIR, or ./data)`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const dataDir = values['data-dir'] ?? readConfig().dataDir;
  const manifest = await restoreSnapshot(positionals[0]!, dataDir);
  console.log(`restored the snapshot of ${manifest.takenTime} into ${dataDir}: the database and ${manifest.objects.length} objects`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
