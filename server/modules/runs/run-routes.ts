import { z } from 'zod';
import { instance } from '../../../model/schemas/instance';
import { task } from '../../../model/schemas/task';
import { envelope } from '../../../model/schemas/envelope';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ok } from '../../http/envelope';
import type { RunBell } from './run-bell';
import { queueRun } from './trigger-run';

const params = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'validation:invalidType')
    .transform(Number),
});
const queued = envelope(z.object({ id: z.number() }));

/** Run a task now (its list, its page), or run an instance's task again: a pending instance, started by the runner in order. */
export function runRoutes(app: ApiApp, context: AppContext, bell: RunBell): void {
  const { db, reach, records, clock } = context;
  const runOf = async (principal: ReturnType<typeof principalOf>, taskId: number) => {
    const created = await records.transaction((service, trx) =>
      queueRun(service, trx, { tenantId: principal.tenant.id, taskId, triggerType: 'manual', triggerPerson: principal.account.code }, clock()),
    );
    bell.ring('queued');
    return ok({ id: created.id });
  };

  app.post('/taskFlow/task/:id/run', {
    config: { access: listAccess(task.name, 'run') },
    schema: {
      tags: ['task'],
      summary: 'Run a task now',
      description:
        'Creates a pending instance of the task (manual trigger, the caller as its trigger person); the runner starts it as soon as a slot is free. 400 when the task is removed.',
      params,
      response: { 200: queued },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const [row] = await rowsInScope(db, reach.scope(principal, task.name, 'run'), [request.params.id]);
      return runOf(principal, Number(row!.id));
    },
  });

  app.post('/taskFlow/instance/:id/rerun', {
    config: { access: listAccess(task.name, 'run') },
    schema: {
      tags: ['instance'],
      summary: 'Run an instance’s task again',
      description: 'A new pending instance of the same task, as it is now.',
      params,
      response: { 200: queued },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const [row] = await rowsInScope(db, reach.scope(principal, instance.name, 'read'), [request.params.id]);
      const [source] = await rowsInScope(db, reach.scope(principal, task.name, 'run'), [Number(row!.task)]);
      return runOf(principal, Number(source!.id));
    },
  });
}
