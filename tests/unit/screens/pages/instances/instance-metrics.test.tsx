import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from '../../../../../src/screens/components/charts/chart-configs';
import InstanceMetrics from '../../../../../src/screens/pages/instances/instance-metrics';
import { metricChartConfig, metricText } from '../../../../../src/screens/pages/instances/metric-chart-config';
import TrainingMetrics from '../../../../../src/screens/pages/instances/training-metrics';
import { envelope, mockApi } from '../../../msw';
import { browserShims, byTestId, renderAt } from './page-setup';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jsdom draws no canvas: the chart keeps the specs it was handed. */
const drawn = vi.hoisted(() => ({ specs: [] as ChartSpec[] }));
vi.mock('../../../../../src/screens/components/charts/drawn-chart', () => ({
  default: ({ spec }: { spec: ChartSpec }) => {
    drawn.specs.push(spec);
    return <output data-testid={`drawn-${spec.kind}`} />;
  },
}));

const server = mockApi();
browserShims();

const loss = {
  name: 'loss',
  reports: 1500,
  points: [
    { step: 100, value: 0.9, low: 0.8, high: 1.2 },
    { step: 1500, value: 0.000667, low: 0.000667, high: 0.000667 },
  ],
};
const accuracy = { name: 'accuracy', reports: 15, points: [{ step: 1500, value: 1, low: 1, high: 1 }] };

/** What the library is handed, read as plain data. */
type Loose = Record<string, any>;

describe('a metric’s chart', () => {
  it('draws the means over the steps, and a point standing for several reports names their lowest and highest', () => {
    const chart = { name: 'loss', lines: [{ run: '#7', own: true, reports: loss.reports, points: loss.points }] };
    const options = metricChartConfig(chart, { mode: 'light', stepLabel: 'Step' }).options as Loose;
    expect(options).toMatchObject({
      data: loss.points.map((point) => ({ ...point, run: '#7' })),
      xField: 'step',
      yField: 'value',
      axis: { x: { title: 'Step' } },
    });
    // A run alone: no legend, nothing coloured by run, drawn at once.
    expect(options).toMatchObject({ legend: false, animate: false });
    expect(options.colorField).toBeUndefined();
    expect(options.tooltip.title(loss.points[0])).toBe('Step 100');
    expect(options.tooltip.items[0](loss.points[0])).toEqual({ name: 'loss', value: '0.9 (0.8 – 1.2)' });
    expect(options.tooltip.items[0](loss.points[1])).toEqual({ name: 'loss', value: '0.000667' });
  });

  it('writes values with four significant digits, whole numbers as they are', () => {
    expect([metricText(0.123456), metricText(12345.678), metricText(3), metricText(1e-7)]).toEqual(['0.1235', '12350', '3', '1e-7']);
  });
});

describe('the metrics parts', () => {
  it('chart each metric an instance reported, with its last value in words', async () => {
    server.use(mock.get('*/api/v1/taskFlow/instance/7/metrics', () => HttpResponse.json(envelope({ series: [accuracy, loss] }))));
    await renderAt(<InstanceMetrics record={{ id: 7, status: 'succeeded' }} />, '/x/:id', '/x/7');
    await byTestId('run-metrics');
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="metric-chart"]')).toHaveLength(2));
    expect([...document.querySelectorAll('[data-testid="metric-summary"]')].map((node) => node.textContent)).toEqual([
      '共上报 15 次，最新值 1（第 1500 步）',
      '共上报 1500 次，最新值 0.000667（第 1500 步）',
    ]);
    expect([...document.querySelectorAll('.edp-chart-canvas')].map((node) => node.getAttribute('aria-label'))).toEqual(['accuracy', 'loss']);
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="drawn-line"]')).toHaveLength(2));
  });

  it('show nothing for a run that reported no metrics', async () => {
    let asked = 0;
    server.use(mock.get('*/api/v1/taskFlow/instance/8/metrics', () => (asked++, HttpResponse.json(envelope({ series: [] })))));
    const container = await renderAt(<InstanceMetrics record={{ id: 8, status: 'succeeded' }} />, '/x/:id', '/x/8');
    await vi.waitFor(() => expect(asked).toBe(1));
    expect(container.querySelector('[data-testid="run-metrics"]')).toBeNull();
  });

  it('chart a training record’s latest run', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      mock.get('*/api/v1/taskFlow/instance/query', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(envelope({ records: [{ id: 12, status: 'running' }], total: 2 }));
      }),
      mock.get('*/api/v1/taskFlow/instance/12/metrics', () => HttpResponse.json(envelope({ series: [loss] }))),
    );
    await renderAt(<TrainingMetrics record={{ id: 3, status: 'running' }} />, '/x/:id', '/x/3');
    await vi.waitFor(() => expect(queries).toHaveLength(1));
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="metric-chart"]')).toHaveLength(1));
    expect(Object.fromEntries(queries[0]!)).toMatchObject({ trainingRecord: '3', sort: 'createdTime,desc', pageSize: '1' });
  });
});
