import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from '../../../../../src/screens/components/charts/chart-configs';
import { metricChartConfig } from '../../../../../src/screens/pages/instances/metric-chart-config';
import TrainingMetrics from '../../../../../src/screens/pages/instances/training-metrics';
import { chartsOf, runLabel } from '../../../../../src/screens/pages/instances/use-run-comparison';
import ModelCardMetrics from '../../../../../src/screens/pages/models/model-card-metrics';
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

const LOADED = { timeout: 5000 };
/** A page test clicks through several answers: on a loaded machine more than the default 5 s in all. */
const PAGE_TEST_MS = 30_000;
const point = (step: number, value: number) => ({ step, value, low: value, high: value });
const series = (name: string, ...values: number[]) => ({ name, reports: values.length, points: values.map((value, i) => point(i + 1, value)) });
const run = (id: number, trainingRecordName: string | null, minute: number) => ({
  id,
  taskName: 'train',
  trainingRecordName,
  status: 'succeeded',
  createdTime: `2026-01-01T08:0${minute}:00.000Z`,
});

/** What a chart is handed, read as plain data. */
type Loose = Record<string, any>;

describe('charts of runs compared', () => {
  it('chart each metric any run reported, a line per run in the runs’ order, the run’s own metrics first', () => {
    const charts = chartsOf([
      { run: 'mine', series: [series('loss', 1, 0.5), series('lr', 0.1)] },
      { run: 'older', series: [series('accuracy', 0.9), series('loss', 2)] },
      { run: 'oldest', series: [series('loss', 3), series('lr', 0.2)] },
    ]);
    expect(charts.map((chart) => [chart.name, chart.lines.map((line) => [line.run, line.own, line.reports])])).toEqual([
      [
        'loss',
        [
          ['mine', true, 2],
          ['older', false, 1],
          ['oldest', false, 1],
        ],
      ],
      [
        'lr',
        [
          ['mine', true, 1],
          ['oldest', false, 1],
        ],
      ],
      ['accuracy', [['older', false, 1]]],
    ]);
  });

  it('name a run by the training record it served, else by its task, with its number', () => {
    expect([runLabel(run(4, 'lr-sweep', 1)), runLabel(run(5, null, 1))]).toEqual(['lr-sweep #4', 'train #5']);
  });

  it('draw a line per run, coloured by run and named in the legend and the tooltip', () => {
    const [loss] = chartsOf([
      { run: 'mine', series: [series('loss', 1, 0.5)] },
      { run: 'older', series: [series('loss', 2)] },
    ]);
    const options = metricChartConfig(loss!, { mode: 'light', stepLabel: 'Step' }).options as Loose;
    expect(options).toMatchObject({ colorField: 'run', legend: { color: { position: 'top' } }, animate: false });
    expect(options.data).toEqual([
      { ...point(1, 1), run: 'mine' },
      { ...point(2, 0.5), run: 'mine' },
      { ...point(1, 2), run: 'older' },
    ]);
    expect(options.tooltip.items[0](options.data[2])).toEqual({ name: 'older', value: '2' });
  });
});

/** Answers the run's metrics and its comparable runs; records which runs' metrics were asked for. */
function serveRuns(asked: number[]) {
  const metrics: Record<number, unknown[]> = { 12: [series('loss', 1, 0.5), series('lr', 0.1)], 9: [series('loss', 2, 1)], 7: [series('accuracy', 0.8)] };
  server.use(
    mock.get('*/api/v1/taskFlow/instance/query', () => HttpResponse.json(envelope({ records: [{ id: 12, status: 'succeeded' }], total: 1 }))),
    mock.get('*/api/v1/taskFlow/instance/:id/metrics', ({ params }) => {
      asked.push(Number(params.id));
      return HttpResponse.json(envelope({ series: metrics[Number(params.id)] ?? [] }));
    }),
    mock.get('*/api/v1/taskFlow/instance/12/comparable-runs', () =>
      HttpResponse.json(envelope({ run: run(12, 'lr-sweep-3', 5), others: [run(9, 'lr-sweep-2', 4), run(7, null, 2)] })),
    ),
  );
}

/** Picks the other run whose option starts with `label` in the select. */
async function add(label: string) {
  const select = (await byTestId('run-compare')).querySelector('.ant-select-selector') as HTMLElement;
  select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  const option = await vi.waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) => node.textContent?.startsWith(label));
    if (!found) throw new Error(`no option ${label} yet`);
    return found as HTMLElement;
  }, LOADED);
  option.click();
}

describe('comparing runs of the same task', () => {
  it(
    'on a training record’s page: the other runs, newest first, each added as a line on the charts of the metrics it reported',
    async () => {
      const asked: number[] = [];
      serveRuns(asked);
      await renderAt(<TrainingMetrics record={{ id: 3, status: 'succeeded' }} />, '/x/:id', '/x/3');
      await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="metric-chart"]')).toHaveLength(2), LOADED);
      const select = await byTestId('run-compare');
      select.querySelector('.ant-select-selector')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      await vi.waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2), LOADED);
      expect([...document.querySelectorAll('.ant-select-item-option')].map((node) => node.textContent)).toEqual([
        expect.stringMatching(/^lr-sweep-2 #9 · 2026-01-01 \d\d:04$/),
        expect.stringMatching(/^train #7 · 2026-01-01 \d\d:02$/),
      ]);
      expect(asked).toEqual([12]);

      await add('lr-sweep-2 #9');
      await vi.waitFor(() => expect(asked).toEqual([12, 9]), LOADED);
      await vi.waitFor(() => expect(lossLines()).toEqual(['lr-sweep-3 #12（本次）', 'lr-sweep-2 #9']), LOADED);
      // A metric only this run reported stays a line of its own.
      expect(document.querySelectorAll('[data-testid="metric-chart"]')).toHaveLength(2);

      // A run reporting another metric adds its chart.
      await add('train #7');
      await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="metric-chart"]')).toHaveLength(3), LOADED);
      expect([...document.querySelectorAll('.edp-chart-canvas')].map((node) => node.getAttribute('aria-label'))).toEqual(['loss', 'lr', 'accuracy']);
      // Its own last value is told only where this run reported the metric.
      expect(document.querySelectorAll('[data-testid="metric-summary"]')).toHaveLength(2);
    },
    PAGE_TEST_MS,
  );

  it(
    'on a model card’s page: the card’s run and the others of its task',
    async () => {
      const asked: number[] = [];
      serveRuns(asked);
      await renderAt(<ModelCardMetrics record={{ id: 30, instanceId: 12 }} />, '/x/:id', '/x/30');
      await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="metric-chart"]')).toHaveLength(2), LOADED);
      await add('lr-sweep-2 #9');
      await vi.waitFor(() => expect(lossLines()).toEqual(['lr-sweep-3 #12（本次）', 'lr-sweep-2 #9']), LOADED);
    },
    PAGE_TEST_MS,
  );
});

/** The runs the loss chart last drawn has a line of, in order (the loss chart: this run's 2 points and the other's 2). */
function lossLines() {
  const spec = [...drawn.specs].reverse().find((each) => {
    const options = each.options as Loose;
    return options.colorField === 'run' && options.data.some((datum: { run: string }) => datum.run.includes('#12')) && options.data.length === 4;
  });
  return spec ? [...new Set((spec.options as Loose).data.map((datum: { run: string }) => datum.run))] : [];
}
