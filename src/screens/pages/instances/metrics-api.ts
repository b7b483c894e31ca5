import type { MetricSeries } from '../../../../model/schemas/run-metrics';
import { api } from '../../../providers/http';
import { instanceList } from './paths';

/** The metrics of an instance (server/modules/runs/metric-routes.ts). */
export const metricsApi = {
  series: async (instanceId: number) => (await api.get<{ series: MetricSeries[] }>(`${instanceList().api}/${instanceId}/metrics`)).series,
};
