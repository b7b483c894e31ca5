import type { ApiApp, AppContext } from '../context';
import type { PeriodicJob } from '../jobs/periodic';
import type { JobHandler } from '../jobs/worker';
import { checkHooks } from './hook-check';
import type { EntityHooks, HookTable } from './hooks';

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

/** What a module, once set up, plugs into its app. */
export interface ModuleParts {
  /** Around the writes of the entities it owns, by entity name (or `*` for all). */
  hooks?: Record<string, EntityHooks>;
  /** Registered under /api/v1 with the generic entity routes. */
  routes?: (app: ApiApp) => void;
  /**
   * Jobs its hooks and routes enqueue (server/jobs/enqueue.ts), and periodic ones; asked for only
   * by a process that starts workers, so one that only serves the API builds no runner.
   */
  jobs?: () => ModuleJobs;
}

/**
 * A domain's behaviour, plugged into the engine rather than imported by it. The app sets each
 * module up once with its own context; whatever a module holds (a runner, the runs it follows,
 * who listens for what) lives in what its setup returns, so two apps in one process share nothing.
 * The app is built from a list of these (server/modules/index.ts).
 */
export interface DomainModule {
  name: string;
  setup(context: AppContext): ModuleParts;
}

/** Every module of one app, set up: their hooks per entity, their routes, and their jobs. */
export interface SetUpModules {
  hooks: HookTable;
  routes(app: ApiApp): void;
  /** Every module's jobs for the main worker, and the lanes that get workers of their own; a job name taken twice is a mistake caught here. */
  jobs(): Required<ModuleJobs>;
}

/**
 * Calls each module's setup with the app's context, in the list's order (the order their hooks
 * run in). Hooks naming an entity that `entityNames` lacks, or a kind of hook that does not exist,
 * stop the start: such a hook would otherwise never run, and nothing would say so.
 */
export function setUpModules(modules: readonly DomainModule[], context: AppContext, entityNames: ReadonlySet<string>): SetUpModules {
  const parts = modules.map((module) => ({ module, ...module.setup(context) }));
  const hooks: HookTable = {};
  for (const { module, hooks: own = {} } of parts) {
    checkHooks(module.name, own, entityNames);
    for (const [entity, entityHooks] of Object.entries(own)) (hooks[entity] ??= []).push(entityHooks);
  }
  return {
    hooks,
    routes: (app) => {
      for (const { routes } of parts) routes?.(app);
    },
    jobs: () => {
      const all: Required<ModuleJobs> = { handlers: {}, schedules: [], lanes: [] };
      for (const { module, jobs } of parts) {
        const own = jobs?.();
        for (const [name, handler] of Object.entries(own?.handlers ?? {})) {
          if (all.handlers[name]) throw new Error(`the job "${name}" of the ${module.name} module is declared twice`);
          all.handlers[name] = handler;
        }
        all.schedules.push(...(own?.schedules ?? []));
        all.lanes.push(...(own?.lanes ?? []));
      }
      return all;
    },
  };
}
