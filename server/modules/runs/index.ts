import type { DomainModule, JobLane, JobsContext } from '../../engine/module';
import { callbackRoutes } from './callback-routes';
import { fireJob } from './fire-job';
import { instanceHooks, tenantLogHooks } from './instance-hooks';
import { localRunner } from './local/local-runner';
import { logRoutes } from './log-routes';
import { recoverRuns } from './recover';
import { lazyRunner } from './lazy-runner';
import { listen, ring } from './run-bell';
import { runJob, stopHeldRuns } from './run-job';
import { runRoutes } from './run-routes';
import type { Runner } from './runner';
import { readRunsConfig } from './runs-config';
import { useRunner } from './runtime';
import { FIRE_JOB, scheduleTicker } from './scheduler';
import { modelExportHooks, trainingRecordHooks } from './subject-hooks';
import { RUN_JOB } from './trigger-run';

/** Recovery looks this often for runs whose server is gone. */
const RECOVER_MS = 30_000;

function runnerOf(context: JobsContext, config: ReturnType<typeof readRunsConfig>): Runner {
  if (config.runner === 'kubernetes') return lazyRunner('kubernetes', async () => (await import('./kubernetes/kube-config')).kubernetesRunnerFromEnv());
  return localRunner({
    workRoot: config.workRoot,
    dataDir: context.config.dataDir,
    graceMs: config.graceMs,
    keepDirs: process.env.EDP_RUNNER_KEEP_DIRS === '1',
  });
}

/** Tasks that run (issue #14): instances run by a runner with their logs kept, scheduled tasks fired, training runs and model exports carried out. */
export const runsModule: DomainModule = {
  name: 'runs',
  hooks: { instance: instanceHooks, tenant: tenantLogHooks, 'training-record': trainingRecordHooks, 'model-export': modelExportHooks },
  routes: (app, context) => {
    runRoutes(app, context);
    callbackRoutes(app, context);
    logRoutes(app, context);
  },
  jobs: (context) => {
    const config = readRunsConfig(context.config.dataDir);
    const runner = runnerOf(context, config);
    useRunner(runner);
    const run = { ...context, runner, pollMs: config.pollMs, apiUrl: `http://127.0.0.1:${context.config.port}/api/v1` };
    let recovered = -Infinity;
    const workerIds: string[] = [];
    const lanes: JobLane[] = [
      {
        name: 'runs',
        handlers: { [RUN_JOB]: runJob(run) },
        concurrency: config.concurrency,
        pollMs: config.pollMs,
        tick: async (now) => {
          if (now.getTime() - recovered < RECOVER_MS) return;
          recovered = now.getTime();
          await recoverRuns(context.db, context.records, workerIds, now);
        },
        wake: (poll) => listen('queued', () => poll()),
        stop: async () => {
          ring('closing');
          await stopHeldRuns(runner);
        },
        onStart: (workerId) => void workerIds.push(workerId),
      },
      {
        name: 'schedules',
        handlers: { [FIRE_JOB]: fireJob(context) },
        concurrency: 4,
        pollMs: 500,
        tick: scheduleTicker(context.db),
      },
    ];
    return { handlers: {}, lanes };
  },
};
