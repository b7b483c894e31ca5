import { sql } from 'kysely';
import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import { instance } from '../../../model/schemas/instance';
import { trainingRecord } from '../../../model/schemas/training-record';
import { CHART_POINTS, COMPARABLE_RUNS, comparableRuns, metricSeries, type RunName } from '../../../model/schemas/run-metrics';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { loose, rowsInScope } from '../../engine/queries';
import { inScope } from '../../engine/scope';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-params';
import { TOP_LEVEL } from './metric-rollup';
import { readMetricSeries } from './metric-store';

type RunRow = { id: number; task: number; taskName: string; trainingRecord: number | null; status: string; createdTime: Date };

/** An instance's metrics, as the series a chart draws, and the other runs of its task a chart may draw beside them. */
export function metricRoutes(app: ApiApp, { db, reach }: AppContext): void {
  app.get('/taskFlow/instance/:id/metrics', {
    config: { access: listAccess(instance.name, 'read') },
    schema: {
      tags: ['instance'],
      summary: 'The metrics an instance reported',
      description: `Each metric the run printed as \`##edp:metric name=value … [step=N]\` or called back (\`POST\` here with its token), by name, in order of report: at most ${CHART_POINTS} points a metric, each the mean of its stretch of reports with their lowest and highest; \`reports\` counts them all.`,
      params: idParams,
      response: { 200: envelope(z.object({ series: z.array(metricSeries) })) },
    },
    handler: async (request) => {
      const { id } = request.params;
      await rowsInScope(db, reach.scope(principalOf(request), instance.name, 'read'), [id]);
      return ok({ series: await readMetricSeries(db, id, CHART_POINTS) });
    },
  });

  app.get('/taskFlow/instance/:id/comparable-runs', {
    config: { access: listAccess(instance.name, 'read') },
    schema: {
      tags: ['instance'],
      summary: 'Other runs of the same task, to chart beside this one',
      description: `The run, and at most ${COMPARABLE_RUNS} other instances of its task that reported metrics and that the caller reads, newest first; each named by the training record it served where the caller reads that record.`,
      params: idParams,
      response: { 200: envelope(comparableRuns) },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const scope = reach.scope(principal, instance.name, 'read');
      const [run] = (await rowsInScope(db, scope, [request.params.id])) as unknown as RunRow[];
      const others = (await loose(db)
        .selectFrom(instance.table)
        .select(['id', 'taskName', 'trainingRecord', 'status', 'createdTime'])
        .where(inScope(scope))
        .where('task', '=', Number(run!.task))
        .where('id', '<>', request.params.id)
        // Those with something to draw: a metric's top bucket is written with its first report.
        .where(sql<boolean>`exists (select 1 from metric_buckets b where b.instance_id = ${sql.ref(`${instance.table}.id`)} and b.level = ${TOP_LEVEL})`)
        .orderBy('createdTime', 'desc')
        .orderBy('id', 'desc')
        .limit(COMPARABLE_RUNS)
        .execute()) as RunRow[];
      const served = [run!, ...others].flatMap((row) => (row.trainingRecord ? [Number(row.trainingRecord)] : []));
      const records = served.length
        ? ((await loose(db)
            .selectFrom(trainingRecord.table)
            .select(['id', 'name'])
            .where('id', 'in', served)
            .where(inScope(reach.scope(principal, trainingRecord.name, 'read')))
            .execute()) as { id: number; name: string }[])
        : [];
      const names = new Map(records.map((record) => [Number(record.id), String(record.name)]));
      const named = (row: RunRow): RunName => ({
        id: Number(row.id),
        taskName: String(row.taskName ?? ''),
        trainingRecordName: (row.trainingRecord && names.get(Number(row.trainingRecord))) || null,
        status: String(row.status),
        createdTime: new Date(row.createdTime).toISOString(),
      });
      return ok({ run: named(run!), others: others.map(named) });
    },
  });
}
