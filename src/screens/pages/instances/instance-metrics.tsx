import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChartFrame } from '../../components/charts/chart-frame';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { METRIC_CHART_HEIGHT, metricChartConfig, metricText } from './metric-chart-config';
import type { MetricSeries } from '../../../../model/schemas/run-metrics';
import { metricsApi } from './metrics-api';

/** How often a running instance's metrics are read again. */
const RUNNING_REFRESH_MS = 5000;

/** One metric: its chart, and its last value in words beside it. */
function MetricChart({ series }: { series: MetricSeries }) {
  const { t } = useTranslation();
  const last = series.points.at(-1);
  const stepLabel = t('instanceLog:metrics.step');
  return (
    <div data-testid="metric-chart" style={{ flex: '1 1 360px', minWidth: 0 }}>
      <Typography.Text strong>{series.name}</Typography.Text>
      <ChartFrame
        title={series.name}
        height={METRIC_CHART_HEIGHT}
        build={(mode) => metricChartConfig(series, { mode, stepLabel })}
        inputs={[series, stepLabel]}
        table={
          last && (
            <Typography.Text type="secondary" data-testid="metric-summary">
              {t('instanceLog:metrics.summary', { reports: series.reports, value: metricText(last.value), step: last.step })}
            </Typography.Text>
          )
        }
      />
    </div>
  );
}

/** The metrics of one run, each charted over its steps; read again every few seconds while it runs. */
export function RunMetrics({ instanceId, running }: { instanceId: number; running: boolean }) {
  useCatalogues(['instanceLog']);
  const { t } = useTranslation();
  const metrics = useQuery({
    queryKey: ['instance-metrics', instanceId],
    queryFn: () => metricsApi.series(instanceId),
    refetchInterval: running ? RUNNING_REFRESH_MS : false,
  });
  if (!metrics.data?.length) return null;
  return (
    <section data-testid="run-metrics">
      <Typography.Title level={5}>{t('instanceLog:metrics.title')}</Typography.Title>
      <Flex wrap gap={16}>
        {metrics.data.map((series) => (
          <MetricChart key={series.name} series={series} />
        ))}
      </Flex>
    </section>
  );
}

/** An instance's page: the metrics its run reported, if it reported any. */
export default function InstanceMetrics({ record }: RecordProps) {
  return <RunMetrics instanceId={record.id} running={record.status === 'running'} />;
}
