import type { Config } from '../config';
import type { ApiApp, AppContext } from '../context';
import type { DatabaseTarget } from '../db/connect';
import type { Db } from '../db/tables';
import type { PeriodicJob } from '../jobs/periodic';
import type { JobHandler } from '../jobs/worker';
import type { EntityHooks, HookTable } from './hooks';
import type { ObjectStore } from '../storage/object-store';
import type { RecordService } from './record-service';

/** What a module's jobs are made with: the database and its kind, the configuration, the one way to write records, and the object store. */
export interface JobsContext {
  db: Db;
  kind: DatabaseTarget['kind'];
  config: Config;
  records: RecordService;
  storage: ObjectStore;
}

/** A module's background work: a handler per job name, and which of them run periodically. */
export interface ModuleJobs {
  handlers: Record<string, JobHandler>;
  schedules?: PeriodicJob[];
  /** Jobs that need a worker of their own (long runs that must not hold up the sweeps, a scheduler's fires that must not wait behind them). */
  lanes?: JobLane[];
}

/** A worker of its own: its handlers, how many run at once, how often it polls, and what it does each poll. */
export interface JobLane {
  name: string;
  handlers: Record<string, JobHandler>;
  concurrency: number;
  pollMs: number;
  leaseMs?: number;
  tick?: (now: Date) => Promise<void>;
  /** Lets the module ask for a poll now (work was just queued in this process); returns how to stop asking. */
  wake?: (poll: () => void) => () => void;
  /** Before the server closes the database: the lane's own ending (stopping the runs it holds). */
  stop?: () => Promise<void>;
  /** Told the id of the worker that serves it (to tell its own claims from a dead process's). */
  onStart?: (workerId: string) => void;
}

/**
 * A domain's behaviour, plugged into the engine rather than imported by it: hooks around the
 * writes of the entities it owns (or `*` for all), routes of its own and background jobs. The app
 * is built from a list of these (server/modules/index.ts).
 */
export interface DomainModule {
  name: string;
  hooks?: Record<string, EntityHooks>;
  /** Registered under /api/v1 with the generic entity routes. */
  routes?: (app: ApiApp, context: AppContext) => void;
  /** Jobs its hooks and routes enqueue (server/jobs/enqueue.ts), and periodic ones. */
  jobs?: (context: JobsContext) => ModuleJobs;
}

/** Every module's hooks, per entity, in the modules' order. */
export function hookTableOf(modules: readonly DomainModule[]): HookTable {
  const table: HookTable = {};
  for (const module of modules) for (const [entity, hooks] of Object.entries(module.hooks ?? {})) (table[entity] ??= []).push(hooks);
  return table;
}

/** Every module's jobs, for the main worker, and the lanes that get workers of their own; a job name taken twice is a mistake caught at start. */
export function jobsOf(modules: readonly DomainModule[], context: JobsContext): Required<ModuleJobs> {
  const all: Required<ModuleJobs> = { handlers: {}, schedules: [], lanes: [] };
  for (const module of modules) {
    const jobs = module.jobs?.(context);
    for (const [name, handler] of Object.entries(jobs?.handlers ?? {})) {
      if (all.handlers[name]) throw new Error(`the job "${name}" of the ${module.name} module is declared twice`);
      all.handlers[name] = handler;
    }
    all.schedules.push(...(jobs?.schedules ?? []));
    all.lanes.push(...(jobs?.lanes ?? []));
  }
  return all;
}
