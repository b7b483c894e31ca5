import type { AppContext } from '../../context';
import type { DomainModule, JobLane, ModuleJobs } from '../../engine/module';
import { callbackRoutes } from './callback-routes';
import { fireJob } from './fire-job';
import { instanceHooks, tenantLogHooks } from './instance-hooks';
import { localRunner } from './local/local-runner';
import { logRoutes } from './log-routes';
import { metricRoutes } from './metric-routes';
import { recoverRuns } from './recover';
import { lazyRunner } from './lazy-runner';
import { processRuns, type ProcessRuns } from './process-runs';
import { runJob, stopHeldRuns } from './run-job';
import { runRoutes } from './run-routes';
import type { Runner } from './runner';
import { readRunsConfig } from './runs-config';
import { FIRE_JOB, scheduleTicker } from './scheduler';
import { ctRecordHooks, evaluationRecordHooks, modelExportHooks, processingRecordHooks, trainingRecordHooks } from './subject-hooks';
import { RUN_JOB } from './trigger-run';

/** Recovery looks this often for runs whose server is gone. */
const RECOVER_MS = 30_000;

function runnerOf(context: AppContext, config: ReturnType<typeof readRunsConfig>): Runner {
  if (config.runner === 'kubernetes') return lazyRunner('kubernetes', async () => (await import('./kubernetes/kube-config')).kubernetesRunnerFromEnv());
  return localRunner({
    workRoot: config.workRoot,
    dataDir: context.config.dataDir,
    graceMs: config.graceMs,
    keepDirs: process.env.EDP_RUNNER_KEEP_DIRS === '1',
  });
}

/** The runs lane (instances run and followed, orphans recovered) and the schedules lane (cron fires), with the runner they use. */
function runsJobs(context: AppContext, runs: ProcessRuns): ModuleJobs {
  const config = readRunsConfig(context.config.dataDir);
  const runner = runnerOf(context, config);
  runs.runner = runner;
  const run = { ...context, runner, active: runs.active, bell: runs.bell, pollMs: config.pollMs, apiUrl: `http://127.0.0.1:${context.config.port}/api/v1` };
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
      wake: (poll) => runs.bell.listen('queued', () => poll()),
      stop: async () => {
        runs.bell.ring('closing');
        await stopHeldRuns(runner, runs.active);
      },
      onStart: (workerId) => {
        workerIds.push(workerId);
        runs.active.open();
      },
    },
    {
      name: 'schedules',
      handlers: { [FIRE_JOB]: fireJob(context, runs.bell) },
      concurrency: 4,
      pollMs: 500,
      tick: scheduleTicker(context.db),
    },
  ];
  return { handlers: {}, lanes };
}

/** Tasks that run: instances run by a runner with their logs kept, scheduled tasks fired, training runs and model exports carried out. */
export const runsModule: DomainModule = {
  name: 'runs',
  setup: (context) => {
    const runs = processRuns();
    return {
      hooks: {
        instance: instanceHooks(runs),
        tenant: tenantLogHooks,
        'training-record': trainingRecordHooks(runs.bell),
        'model-export': modelExportHooks(runs.bell),
        'ct-record': ctRecordHooks(runs.bell),
        'evaluation-record': evaluationRecordHooks(runs.bell),
        'processing-record': processingRecordHooks(runs.bell),
      },
      routes: (app) => {
        runRoutes(app, context, runs.bell);
        callbackRoutes(app, context);
        logRoutes(app, context, runs.bell);
        metricRoutes(app, context);
      },
      jobs: () => runsJobs(context, runs),
    };
  },
};
