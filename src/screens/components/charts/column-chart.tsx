import { Empty } from 'antd';
import { columnConfig } from './chart-configs';
import { useColors, type ChartDatum, type ChartDetail, type Measure } from './chart-datum';
import { ChartFrame } from './chart-frame';
import { ChartTable } from './chart-table';

export interface ColumnChartProps {
  data: ChartDatum[];
  value: Measure;
  /** The axis' format, when it differs from the values' (hours on the axis, d/h/m/s in the tooltip). */
  axisFormat?: (value: number) => string;
  /** Further figures of each column, in its tooltip and its row of the table. */
  details?: ChartDetail[];
  /** What the chart shows, for screen readers. */
  title: string;
  height?: number;
  /** The axis: powers of 1024 for bytes; at least this top for small counts. */
  scale?: { base?: 10 | 1024; least?: number };
  testId?: string;
}

/** Vertical bars over time (days or months), each opening the records behind it. */
export function ColumnChart({ data, value, axisFormat, details = [], title, height = 240, scale, testId }: ColumnChartProps) {
  const colors = useColors(data, { single: true });
  if (data.every((datum) => datum.value === 0))
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ height, margin: 0, paddingTop: height / 4 }} data-testid={testId} />;
  return (
    <ChartFrame
      title={title}
      height={height}
      build={(mode) => columnConfig(data, { value, axisFormat, details, scale, colors, height, mode })}
      inputs={[data, colors, value.name, details.map((detail) => detail.name), scale, height]}
      table={<ChartTable title={title} data={data} value={value} details={details} />}
      testId={testId}
    />
  );
}
