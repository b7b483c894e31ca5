import { useTranslation } from 'react-i18next';
import { PieChart } from '../../components/charts/pie-chart';
import { PagePanel } from '../../components/page/page-panel';
import type { TotalsReport } from '../../../../model/schemas/engine/totals';
import type { BagDimension, DayRange } from './drill-down';
import { useDimensionData, useFormats } from './figures';

/** A panel with the bags counted by one dimension as a ring, each slice opening its bags. */
export function DimensionPie({
  report,
  range,
  field,
  title,
  testId,
}: {
  report: TotalsReport;
  range: DayRange;
  field: BagDimension;
  title: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { measure, details } = useFormats();
  const dimensionData = useDimensionData();
  return (
    <PagePanel title={title}>
      <PieChart
        data={dimensionData(report, field, 'count', range)}
        value={measure('count')}
        details={details('count')}
        title={title}
        caption={t('dashboard:metrics.count')}
        testId={testId}
      />
    </PagePanel>
  );
}
