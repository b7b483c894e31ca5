import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/bar-chart';
import { PagePanel } from '../../components/page/page-panel';
import { formatNumber } from '../../components/schema/cells/format';
import type { TotalsReport } from '../../../../model/schemas/engine/totals';
import { DailyChart } from './daily-chart';
import { DashboardFrame } from './dashboard-frame';
import { DimensionPie } from './dimension-pie';
import { rawDataHref } from './drill-down';
import { axisScale, useDimensionData, useFormats } from './figures';
import { useCatalogues } from '../../hooks/use-catalogues';

const qualityCount = (report: TotalsReport, value: string) => report.by.qualityLabel?.find((row) => row.value === value)?.count ?? 0;

/** The locale namespaces it reads, loaded with its code (route-data.ts). */
export const catalogues = ['dashboard', 'bag'];

/** Spec §2 /data/dashboard/quality: quality results and failure reasons of the space's bags over a range of days. */
export default function QualityDashboard() {
  useCatalogues(catalogues);
  const { t } = useTranslation();
  const { formats, measure, details } = useFormats();
  const dimensionData = useDimensionData();
  return (
    <DashboardFrame
      title={t('menu:data.dashboard.quality')}
      name="quality"
      stats={(report, range) => {
        const [qualified, unqualified] = [qualityCount(report, 'qualified'), qualityCount(report, 'unqualified')];
        const checked = qualified + unqualified;
        return [
          { key: 'checked', label: t('dashboard:stats.checked'), value: formats.count(checked) },
          { key: 'rate', label: t('dashboard:stats.passRate'), value: checked ? `${formatNumber((qualified / checked) * 100, 1)}%` : '-' },
          {
            key: 'unqualified',
            label: t('dashboard:stats.unqualified'),
            value: formats.count(unqualified),
            href: rawDataHref(range, 'qualityLabel', 'unqualified'),
          },
          { key: 'unchecked', label: t('dashboard:stats.unchecked'), value: formats.count(report.total.count - checked) },
        ];
      }}
    >
      {(report, range) => (
        <>
          <DimensionPie report={report} range={range} field="qualityLabel" title={t('dashboard:byQuality')} testId="by-quality" />
          <PagePanel title={t('dashboard:byFailureReason')}>
            <BarChart
              data={dimensionData(report, 'qualitySubLabel', 'count', range, (value) => value !== '')}
              value={measure('count')}
              details={details('count')}
              scale={axisScale('count')}
              title={t('dashboard:byFailureReason')}
              othersLabel={t('dashboard:others')}
              testId="by-failure-reason"
            />
          </PagePanel>
          <div className="edp-dash-wide">
            <DailyChart report={report} metrics={['count']} title={t('dashboard:perDay')} />
          </div>
        </>
      )}
    </DashboardFrame>
  );
}
