import type { DomainModule } from '../../engine/module';
import { enqueueDue, every } from '../../jobs/periodic';
import { EVALUATE_EVERY_SECONDS } from '../../../model/schemas/robot-report';
import { alarmHooks } from './alarm-hooks';
import { WEBHOOK_JOB } from './alarms';
import { configHooks } from './config-delivery';
import { COMPILE_SERVER_KEYS, deviceKeyHooks, ROBOT_KEYS } from './device-keys';
import { evaluate } from './evaluate';
import { heartbeatBatcher } from './heartbeat-batch';
import { reportRoutes } from './report-routes';
import { pruneHeartbeats, retentionDays } from './retention';
import { robotRoutes } from './robot-routes';
import { robotHooks } from './robot-hooks';
import { webhookJob } from './webhook';

export const EVALUATE_JOB = 'robots.evaluate-alarms';
export const PRUNE_JOB = 'robots.prune-heartbeats';

/**
 * The fleet: robots and compile servers report in with keys bound to them; their status, versions
 * and topic rates follow the reports; configurations reach robots through the heartbeat's answer;
 * an alarm engine checks the rules every few seconds, once across all processes, and tells the
 * rules' receivers (the bell, a webhook).
 */
export const robotsModule: DomainModule = {
  name: 'robots',
  setup: (context) => {
    const days = retentionDays();
    const heartbeats = heartbeatBatcher(context);
    const looks = every(EVALUATE_JOB, EVALUATE_EVERY_SECONDS, { maxAttempts: 1 });
    return {
      hooks: {
        robot: robotHooks,
        'alarm-record': alarmHooks,
        'robot-config': configHooks,
        'robot-key': deviceKeyHooks(ROBOT_KEYS, 'robotKey'),
        'compile-server-key': deviceKeyHooks(COMPILE_SERVER_KEYS, 'compileServerKey'),
      },
      routes: (app) => {
        reportRoutes(app, context, heartbeats);
        robotRoutes(app, context, days);
      },
      jobs: () => ({
        handlers: {
          [PRUNE_JOB]: async () => void (await pruneHeartbeats(context.db, days, context.clock())),
          [WEBHOOK_JOB]: webhookJob(context.db),
        },
        schedules: [every(PRUNE_JOB, 3600)],
        // The engine's looks must not wait behind other work: a lane of its own, which also enqueues
        // them (each due time once across processes; a missed look is not worth retrying, the next comes soon).
        lanes: [
          {
            name: 'alarms',
            handlers: { [EVALUATE_JOB]: async () => void (await evaluate(context.records, context.clock())) },
            concurrency: 1,
            pollMs: 1000,
            tick: async (now) => {
              const due = looks.dueAt(now);
              if (due) await enqueueDue(context.db, looks, due, now);
            },
          },
        ],
      }),
    };
  },
};
