import { Empty } from 'antd';
import { pieConfig } from './chart-configs';
import { useColors, type ChartDatum, type ChartDetail, type Measure } from './chart-datum';
import { ChartFrame } from './chart-frame';
import { ChartTable } from './chart-table';

export interface PieChartProps {
  data: ChartDatum[];
  value: Measure;
  details?: ChartDetail[];
  title: string;
  /** What the centre says under the total. */
  caption?: string;
  height?: number;
  testId?: string;
}

/** A ring of shares with the library's legend; a slice opens the records behind it. */
export function PieChart({ data, value, details = [], title, caption, height = 240, testId }: PieChartProps) {
  const colors = useColors(data);
  if (!data.some((datum) => datum.value > 0)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} data-testid={testId} />;
  return (
    <ChartFrame
      title={title}
      height={height}
      build={(mode) => pieConfig(data, { value, details, caption, colors, height, mode })}
      inputs={[data, colors, value.name, details.map((detail) => detail.name), caption, height]}
      table={<ChartTable title={title} data={data} value={value} details={details} shares />}
      testId={testId}
    />
  );
}
