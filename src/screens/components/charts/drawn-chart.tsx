import { Bar, Column, Gauge, Line, Pie } from '@ant-design/charts';
import { useEffect, useMemo, useRef } from 'react';
import type { ChartSpec } from './chart-configs';

/** What a click on an element says of it: the datum it draws (`event.data.data`, @ant-design/charts' event API). */
interface ElementEvent {
  data?: { data?: { href?: unknown } };
}
interface ReadyPlot {
  chart: { on: (event: string, listener: (event: ElementEvent) => void) => void };
}

/**
 * The chart itself, drawn by @ant-design/charts. This module is the only one that imports the
 * library: chart-frame.tsx loads it lazily, so the library's code comes only to the pages that chart,
 * after their figures are shown. A click on a bar or slice with records behind it opens them
 * (`onReady` + `chart.on('element:click')`, the library's documented events).
 */
export default function DrawnChart({ spec, onOpen }: { spec: ChartSpec; onOpen: (href: string) => void }) {
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });
  const options = useMemo(
    () => ({
      ...spec.options,
      containerStyle: { height: '100%' },
      onReady: ({ chart }: ReadyPlot) =>
        chart.on('element:click', (event) => {
          const href = event.data?.data?.href;
          if (typeof href === 'string') open.current(href);
        }),
    }),
    [spec],
  );
  switch (spec.kind) {
    case 'column':
      return <Column {...(options as typeof spec.options)} />;
    case 'bar':
      return <Bar {...(options as typeof spec.options)} />;
    case 'pie':
      return <Pie {...(options as typeof spec.options)} />;
    case 'gauge':
      return <Gauge {...(options as typeof spec.options)} />;
    case 'line':
      return <Line {...(options as typeof spec.options)} />;
  }
}
