import type { Database } from '../db/connect';
import { LocalDiskStore } from '../storage/local-disk-store';
import type { ObjectStore } from '../storage/object-store';
import type { SnapshotSource } from './snapshot';

/**
 * What the server can snapshot itself: the embedded database with its objects on this machine's disk.
 * On PostgreSQL or S3 the data live elsewhere, backed up by their own tools (pg_dump, bucket
 * versioning), and the server does not pretend to.
 */
export function snapshotSource(database: Database, storage: ObjectStore): SnapshotSource | undefined {
  return database.archive && storage instanceof LocalDiskStore ? { archive: database.archive, objectsRoot: storage.root } : undefined;
}
