import type { ComparableRuns, MetricSeries } from '../../../../model/schemas/run-metrics';
import { api } from '../../../providers/http';
import { instanceList } from './paths';

/** The metrics of an instance, and the other runs of its task a chart may add (server/modules/runs/metric-routes.ts). */
export const metricsApi = {
  series: async (instanceId: number) => (await api.get<{ series: MetricSeries[] }>(`${instanceList().api}/${instanceId}/metrics`)).series,
  comparable: async (instanceId: number) => api.get<ComparableRuns>(`${instanceList().api}/${instanceId}/comparable-runs`),
};
