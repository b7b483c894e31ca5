import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from './clock';
import type { Config } from './config';
import type { DatabaseTarget } from './db/connect';
import type { Db } from './db/tables';
import type { RecordService } from './engine/record-service';
import type { Reach } from './engine/scope';
import type { ObjectStore } from './storage/object-store';
import type { SnapshotSource } from './backup/snapshot';

/** What every module is set up with, once per app: the database, the clock, the configuration, and the one way to write records. */
export interface AppContext {
  db: Db;
  /** Embedded PGlite or a PostgreSQL server (PGlite is vacuumed by a job of its own). */
  kind: DatabaseTarget['kind'];
  clock: Clock;
  config: Config;
  /** What each caller reaches of each served entity. */
  reach: Reach;
  records: RecordService;
  /** Where files go: local disk under DATA_DIR/objects, or S3-compatible storage (STORAGE=s3). */
  storage: ObjectStore;
  /** What a backup is taken of, when every byte is on this machine (embedded database, local object store); absent otherwise. */
  snapshot?: SnapshotSource;
}

export type ApiApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
