import { FINISHED_STATES } from '../../../model/schemas/instance';
import { actorName } from '../../engine/actor';
import type { EntityHooks, HookContext, Values } from '../../engine/hooks';
import { ApiError } from '../../http/api-error';
import { deleteLines } from './log-store';
import { deleteMetrics } from './metric-store';
import { deleteRunFiles } from './run-files';
import { ending, withHistory, type InstanceRow } from './instance-state';
import type { RunSpec } from './runner';
import { settleSubject } from './run-subject';
import type { ProcessRuns } from './process-runs';

const idsOf = (rows: Values[]) => rows.map((row) => Number(row.id));
const finished = (status: unknown) => (FINISHED_STATES as readonly unknown[]).includes(status);

/** What stopping a Kubernetes run needs of it: its Job's name and labels. */
const stopSpec = (row: Values): RunSpec => ({
  instanceId: Number(row.id),
  tenantId: Number(row.tenantId),
  jobName: String(row.k8sJobName),
  image: String(row.image ?? ''),
  command: [],
  code: '',
  codeFileName: '',
  env: {},
  files: {},
  memoryBytes: Number(row.memory ?? 0),
  gpuCards: Number(row.gpuCards ?? 0),
  timeoutSeconds: Number(row.timeout ?? 0),
  labels: {},
});

/**
 * Terminate (spec §4, only while running) records who and when and stops the run: a Job is deleted
 * before the state is written (a refusal is the spec's "terminate failed", and nothing changes); a
 * local process held here is signalled once the state is committed, one held by another server
 * process at that process's next look. A run's end settles the record it served.
 */
export const instanceHooks = (runs: ProcessRuns): EntityHooks => ({
  beforeTransition: async (context, action, rows) => {
    if (action !== 'terminate') return;
    const { runner } = runs;
    for (const row of rows)
      if (row.runner === 'kubernetes' && runner?.kind === 'kubernetes')
        await runner.stop(stopSpec(row)).catch((error: unknown) => {
          throw new ApiError(502, 'runs:errors.terminateFailed', { reason: error instanceof Error ? error.message : String(error) });
        });
    const by = actorName(context.actor);
    return (row: Values) => ({
      terminatedBy: by,
      terminatedTime: context.now,
      ...ending(row as Pick<InstanceRow, 'startTime'>, context.now),
      history: withHistory(row.history as string, { status: 'terminated', time: context.now.toISOString(), by }),
    });
  },
  afterTransition: async (context, action, _before, after) => {
    if (action !== 'terminate') return;
    for (const row of after) {
      await settleSubject(context.records, context.db, row as unknown as InstanceRow, 'terminated');
      context.afterCommit(() => runs.active.get(Number(row.id))?.handle.terminate());
    }
  },
  afterUpdate: async (context, before, after) => {
    if (before.status !== after.status && finished(after.status))
      await settleSubject(context.records, context.db, after as unknown as InstanceRow, String(after.status));
  },
  afterDelete: (context, rows) => deleteOutput(context, 'instance_id', idsOf(rows)),
});

/** A run's output, its log lines, its metrics and the files no model card took, goes with its instance or its space. */
async function deleteOutput(context: HookContext, of: 'instance_id' | 'tenant_id', ids: number[]): Promise<void> {
  await deleteLines(context.db, of, ids);
  await deleteMetrics(context.db, of, ids);
  await deleteRunFiles(context.db, context.storage, of, ids, context.afterCommit);
}

/** A deleted space's run output goes with it (its instances go by their tables' cascade, which runs no hook). */
export const tenantLogHooks: EntityHooks = {
  afterDelete: (context, rows) => deleteOutput(context, 'tenant_id', idsOf(rows)),
};
