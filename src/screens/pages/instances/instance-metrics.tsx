import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChartFrame, loadDrawnChart } from '../../components/charts/chart-frame';
import { useCatalogues } from '../../hooks/use-catalogues';
import type { RecordProps } from '../../route-modules';
import { METRIC_CHART_HEIGHT, metricChartConfig, metricText } from './metric-chart-config';
import { RunCompareSelect } from './run-compare-select';
import { useRunComparison, type MetricChart } from './use-run-comparison';

/** The texts the metrics parts read: they come with this code (boot reads `catalogues`), not after its first render. */
export const catalogues = ['instanceLog'];

/**
 * The charts are all these parts show, so their code (the console's largest, chart-frame.tsx) is asked
 * for as this module arrives with its route, and is in by the time the metrics are: not after them.
 */
void loadDrawnChart().catch(() => undefined);

/** One metric: its chart (a line per run compared), and the run's own last value in words beside it (if it reported the metric). */
function MetricChartBox({ chart }: { chart: MetricChart }) {
  const { t } = useTranslation();
  const own = chart.lines.find((line) => line.own);
  const last = own?.points.at(-1);
  const stepLabel = t('instanceLog:metrics.step');
  return (
    <div data-testid="metric-chart" style={{ flex: '1 1 360px', minWidth: 0 }}>
      <Typography.Text strong>{chart.name}</Typography.Text>
      <ChartFrame
        title={chart.name}
        height={METRIC_CHART_HEIGHT}
        build={(mode) => metricChartConfig(chart, { mode, stepLabel })}
        inputs={[chart, stepLabel]}
        table={
          last && (
            <Typography.Text type="secondary" data-testid="metric-summary">
              {t('instanceLog:metrics.summary', { reports: own!.reports, value: metricText(last.value), step: last.step })}
            </Typography.Text>
          )
        }
      />
    </div>
  );
}

/**
 * The metrics of one run, each charted over its steps; read again every few seconds while it runs.
 * `compare`: other runs of the same task can be added, each a line of its own on every chart.
 */
export function RunMetrics({ instanceId, running, compare = false }: { instanceId: number; running: boolean; compare?: boolean }) {
  useCatalogues(catalogues);
  const { t } = useTranslation();
  const { charts, others, added, setAdded, reported } = useRunComparison(instanceId, { running, compare });
  if (!reported) return null;
  return (
    <section data-testid="run-metrics">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5}>{t('instanceLog:metrics.title')}</Typography.Title>
        {compare && <RunCompareSelect others={others} added={added} onChange={setAdded} />}
      </Flex>
      <Flex wrap gap={16}>
        {charts.map((chart) => (
          <MetricChartBox key={chart.name} chart={chart} />
        ))}
      </Flex>
    </section>
  );
}

/** An instance's page: the metrics its run reported, if it reported any. */
export default function InstanceMetrics({ record }: RecordProps) {
  return <RunMetrics instanceId={record.id} running={record.status === 'running'} />;
}
