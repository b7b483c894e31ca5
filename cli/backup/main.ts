import { parseArgs } from 'node:util';
import { pruneSnapshots, takeSnapshot } from '../../server/backup/snapshot';
import { readConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock';
import { readStorageConfig } from '../../server/storage/storage-config';
import { apiClient } from '../upload/api';

const USAGE = `Takes a snapshot of the embedded database and the local objects (a directory with a manifest of
every file's size and SHA-256) into BACKUP_DIR (default DATA_DIR/backups), keeping the newest BACKUP_KEEP (7).

  npm run backup                                  the server is stopped: opens DATA_DIR itself
  npm run backup -- --server URL --key ID.SECRET  the server is running: it takes the snapshot

  --server URL      the running console (or EDP_SERVER), e.g. http://localhost:8080
  --key ID.SECRET   an access key of a platform administrator (or EDP_ACCESS_KEY)
Bring a snapshot back with \`npm run restore -- DIR\`. On PostgreSQL or S3, use pg_dump and bucket versioning.`;

async function offline(): Promise<string> {
  const config = readConfig();
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new Error(`${error.message}\nA server runs on it: ask it with --server and --key.`);
    throw error;
  }
  try {
    const database = await openDatabase({ kind: 'pglite', dir: config.dataDir });
    try {
      const { dir } = await takeSnapshot({ archive: database.archive!, objectsRoot: `${config.dataDir}/objects` }, config.backup.dir, new Date());
      await pruneSnapshots(config.backup.dir, config.backup.keep);
      return dir;
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: process.env.EDP_SERVER },
      key: { type: 'string', default: process.env.EDP_ACCESS_KEY },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || Boolean(values.server) !== Boolean(values.key)) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (readConfig().databaseUrl || readStorageConfig(process.env).kind !== 'local') {
    console.error('DATABASE_URL or STORAGE=s3 is set: back PostgreSQL up with pg_dump and S3 with bucket versioning; the server takes no snapshot of them.');
    return 2;
  }
  const dir =
    values.server && values.key
      ? ((await apiClient(values.server, values.key).call('POST', '/console/system/backup')) as { dir: string }).dir
      : await offline();
  console.log(`snapshot taken: ${dir}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
