import { z } from 'zod';
import { envelope } from '../../../model/schemas/envelope';
import { instance } from '../../../model/schemas/instance';
import { CHART_POINTS, metricSeries } from '../../../model/schemas/run-metrics';
import { principalOf } from '../../auth/guard';
import type { ApiApp, AppContext } from '../../context';
import { listAccess } from '../../engine/list-access';
import { rowsInScope } from '../../engine/queries';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-params';
import { readMetricSeries } from './metric-store';

/** An instance's metrics, as the series a chart draws. */
export function metricRoutes(app: ApiApp, { db, reach }: AppContext): void {
  app.get('/taskFlow/instance/:id/metrics', {
    config: { access: listAccess(instance.name, 'read') },
    schema: {
      tags: ['instance'],
      summary: 'The metrics an instance reported',
      description: `Each metric the run printed as \`##edp:metric name=value … [step=N]\`, by name, in order of report: at most ${CHART_POINTS} points a metric, each the mean of its stretch of reports with their lowest and highest; \`reports\` counts them all.`,
      params: idParams,
      response: { 200: envelope(z.object({ series: z.array(metricSeries) })) },
    },
    handler: async (request) => {
      const { id } = request.params;
      await rowsInScope(db, reach.scope(principalOf(request), instance.name, 'read'), [id]);
      return ok({ series: await readMetricSeries(db, id, CHART_POINTS) });
    },
  });
}
