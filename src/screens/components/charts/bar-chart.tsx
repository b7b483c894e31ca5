import { Empty } from 'antd';
import { barConfig, barHeight } from './chart-configs';
import { useColors, withOthers, type ChartDatum, type ChartDetail, type Measure } from './chart-datum';
import { ChartFrame } from './chart-frame';
import { ChartTable } from './chart-table';

export interface BarChartProps {
  data: ChartDatum[];
  value: Measure;
  details?: ChartDetail[];
  title: string;
  /** Bars shown; the rest add up to one last bar named `othersLabel`. */
  limit?: number;
  othersLabel: string;
  scale?: { base?: 10 | 1024; least?: number };
  testId?: string;
}

/** Horizontal bars for named values (robot types, failure reasons, spaces), largest first; each opens its records. */
export function BarChart({ data, value, details = [], title, limit = 10, othersLabel, scale, testId }: BarChartProps) {
  const rows = withOthers(data, limit, othersLabel);
  const colors = useColors(rows, { single: true });
  if (!rows.some((row) => row.value > 0)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} data-testid={testId} />;
  return (
    <ChartFrame
      title={title}
      height={barHeight(rows.length)}
      build={(mode) => barConfig(rows, { value, details, scale, colors, mode })}
      inputs={[rows, colors, value.name, details.map((detail) => detail.name), scale]}
      table={<ChartTable title={title} data={rows} value={value} details={details} />}
      testId={testId}
    />
  );
}
