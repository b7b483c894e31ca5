import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../../server/app';
import type { DomainModule, ModuleJobs } from '../../../server/engine/module';
import type { RecordService } from '../../../server/engine/record-service';
import { LocalDiskStore } from '../../../server/storage/local-disk-store';
import type { ObjectStore } from '../../../server/storage/object-store';
import { DOMAIN_MODULES } from '../../../server/modules/index';
import { readConfig, type Config } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/connect';
import { prepareDatabase } from '../../../server/db/prepare';
import { seed } from '../../../server/db/seed';
import { syncEntityTables } from '../../../server/engine/ddl';
import { apiResources, type ApiResource } from '../../../server/engine/registry';
import type { AnyEntity } from '../../../model/schemas/engine/types';
import { apiOf, type Api } from './api';
import { sampleSystemRecordsWith, type SystemWrites } from './entities';
import { systemActor } from '../../../server/engine/actor';
import { loose } from '../../../server/engine/queries';

export const SEED_PASSWORD = 'Seed-Pass-2026';

/** A clock the test moves by hand. */
export function manualClock(start = Date.parse('2026-11-22T08:00:00Z')) {
  let now = start;
  return Object.assign(() => new Date(now), { advance: (ms: number) => void (now += ms) });
}
export type ManualClock = ReturnType<typeof manualClock>;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** The app's record service (the system's writes: records nobody creates by hand, the demo's). */
  records: RecordService;
  /** The app's modules' jobs, for workers a test starts (set up with the app: the same runs, bells and runner as its routes and hooks). */
  jobs(): Required<ModuleJobs>;
  /** The app's object store: local disk in a directory of the test's own. */
  storage: ObjectStore;
  close(): Promise<void>;
}

/** A fresh, empty database of the kind TEST_DB names (its own schema on PostgreSQL); `drop` removes that schema. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { database: await openDatabase({ kind: 'pglite', dir: 'memory://' }), drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url, schema });
  return { database, drop: () => dropSchema(url, schema) };
}

/** A fresh database with every migration and entity table: on PGlite a copy of the suite's prepared one. */
async function preparedDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = process.env.TEST_DB === 'postgres' ? undefined : inject('pgliteTemplate');
  if (template) return { database: await openDatabase({ kind: 'pglite', dir: 'memory://', from: new Blob([readFileSync(template)]) }), drop: async () => {} };
  const fresh = await freshDatabase();
  await prepareDatabase(fresh.database.db);
  return fresh;
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
}

/** What a test may add: a logger to read, entities beyond the declared ones (with their API), an unseeded database. */
export interface TestAppExtras {
  logger?: object;
  entities?: AnyEntity[];
  /** Resources beyond the declared ones, or in place of the declared one of the same entity. */
  resources?: ApiResource[];
  /** false: the database is left as a first start finds it (no tenants, no accounts, no seed mark). */
  seeded?: boolean;
  /** The domain modules the app is built from (every one unless a test brings a fixture). */
  modules?: DomainModule[];
  /** The object store (a local directory of the test's own unless a test brings one: S3 on s3rver). */
  storage?: ObjectStore;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  { logger, entities = [], resources = [], seeded = true, modules = DOMAIN_MODULES, storage: given }: TestAppExtras = {},
): Promise<TestApp> {
  const { database, drop } = await preparedDatabase();
  const clock = manualClock();
  if (entities.length) await syncEntityTables(database.db, entities);
  // The app's data directory is the test's own (its runs work there, never in the repository's ./data).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edp-test-'));
  const storage = given ?? new LocalDiskStore({ root: path.join(dataDir, 'objects'), signingSecret: 'test-signing-secret', clock });
  const config = { ...readConfig({}), dataDir, ...overrides };
  const built = await buildApp({
    db: database.db,
    kind: database.kind,
    config,
    clock,
    storage,
    // A test's resource stands in for the declared one of its entity (other grants), or adds one (a fixture entity's).
    resources: [...apiResources.filter((declared) => !resources.some((given) => given.entity.name === declared.entity.name)), ...resources],
    modules,
    ...(logger ? { logger } : {}),
  });
  if (seeded) await seed(built.records, { password: SEED_PASSWORD, demo: true }, clock());
  return {
    app: built.http,
    database,
    clock,
    config,
    records: built.records,
    jobs: built.jobs,
    storage,
    close: async () => {
      await built.http.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Stands for an object made later (in beforeAll): property reads reach it once it exists. */
const later = <T extends object>(get: () => T | undefined): T =>
  new Proxy({} as T, {
    get: (_target, key) => {
      const value = get();
      if (!value) throw new Error('the test app is not ready: use it inside a test or hook');
      return Reflect.get(value, key) as unknown; // the helpers' functions use no `this`
    },
  });

/** The system's writes in the space of a session (samples nobody makes by hand, and their readying). */
const systemWritesOf = (app: TestApp, client: Api): SystemWrites => {
  const whoAmI = async (token: string) => (await client.get('/console/account/get-cur-user-info', { token })).body.data;
  const actorOf = async (token: string) => systemActor(Number((await whoAmI(token)).tenant.id));
  return {
    create: async (resource, input, token) => (await app.records.create(await actorOf(token), resource.entity, input)) as never,
    update: async (resource, values, token) => (await app.records.update(await actorOf(token), resource.entity, values)) as never,
    read: async (resource, id) =>
      (await loose(app.database.db).selectFrom(resource.entity.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as never,
    codeOf: async (token) => String((await whoAmI(token)).account.code),
  };
};

/** A fresh app for the test file (made before its tests, closed after) and its API client. */
export function useTestApp(overrides: Partial<Config> = {}, extras: TestAppExtras = {}): { t: TestApp; api: Api } {
  let current: TestApp | undefined;
  let client: Api | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides, extras);
    client = apiOf(current.app);
    sampleSystemRecordsWith(systemWritesOf(current, client));
  });
  afterAll(() => current?.close());
  return { t: later(() => current), api: later(() => client) };
}
