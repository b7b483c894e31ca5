import { theme } from 'antd';
import { gaugeConfig } from './chart-configs';
import { ChartFrame } from './chart-frame';

export interface GaugeChartProps {
  /** The share used, in percent; null when there is nothing to weigh (no quota, or no use recorded). */
  percent: number | null;
  /** What the dial says. */
  text: string;
  title: string;
  width?: number;
  height?: number;
}

/** A dial of used against quota, drawn by the library; its figures are written beside it by the page. */
export function GaugeChart({ percent, text, title, width = 200, height = 160 }: GaugeChartProps) {
  const { token } = theme.useToken();
  // the console's colour up to 75 %, then amber, red past 90 % (as its quota bars); a plain dial for nothing to weigh
  const colors: [string, string, string] =
    percent === null
      ? [token.colorFillSecondary, token.colorFillSecondary, token.colorFillSecondary]
      : [token.colorPrimary, token.colorWarning, token.colorError];
  return (
    <ChartFrame
      title={`${title}: ${text}`}
      height={height}
      width={width}
      build={(mode) => gaugeConfig({ percent, text, colors, width, height, mode })}
      inputs={[percent, text, colors, width, height]}
    />
  );
}
