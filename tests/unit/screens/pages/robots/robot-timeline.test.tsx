import { http as mock, HttpResponse } from 'msw';
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RobotTimeline as Timeline } from '../../../../../model/schemas/robot-report';
import { loadNamespaces } from '../../../../../src/providers/i18n';
import { sessionStore } from '../../../../../src/providers/session-store';
import type { ChartSpec } from '../../../../../src/screens/components/charts/chart-configs';
import RobotTimeline from '../../../../../src/screens/pages/robots/robot-timeline';
import type { TimelineRow } from '../../../../../src/screens/pages/robots/timeline-rows';
import { installBrowserShims } from '../../../browser-shims';
import { accountOf, tenantOf } from '../../../fixtures';
import { envelope, mockApi } from '../../../msw';
import { byTestId, location, mountInShell } from '../../shell-mount';
import { at, HOUR, timeline } from './timeline-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jsdom draws no canvas: the chart keeps the spec it was handed, and a click on a bar is a call of `onOpen`. */
const drawn = vi.hoisted(() => ({ spec: undefined as ChartSpec | undefined, open: (_href: string) => {} }));
vi.mock('../../../../../src/screens/components/charts/drawn-chart', () => ({
  default: ({ spec, onOpen }: { spec: ChartSpec; onOpen: (href: string) => void }) => {
    drawn.spec = spec;
    drawn.open = onOpen;
    return <output data-testid={`drawn-${spec.kind}`} />;
  },
}));

const server = mockApi();
vi.setConfig({ testTimeout: 30_000 });
beforeAll(async () => {
  installBrowserShims();
  await loadNamespaces(['robot', 'alarmRecord', 'robotConfig']);
});
beforeEach(() => {
  sessionStore.save('token', accountOf('rd'), tenantOf());
  drawn.spec = undefined;
});

/** Answers robot 5's timeline with `answer` over whatever range is asked, keeping each range asked for. */
function serve(answer: (range: { from: string; to: string }) => Timeline = () => timeline()) {
  const asked: { from: string; to: string }[] = [];
  server.use(
    mock.get('*/api/v1/device/robot/5/timeline', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const range = { from: params.get('from')!, to: params.get('to')! };
      asked.push(range);
      return HttpResponse.json(envelope(answer(range)));
    }),
  );
  return asked;
}

const options = () => drawn.spec!.options as unknown as Record<string, any>;
const spanOf = ({ from, to }: { from: string; to: string }) => Date.parse(to) - Date.parse(from);

describe("a robot's timeline", () => {
  it('asks for the last hour at first and draws its lanes over exactly the range answered, with the retention said below', async () => {
    const asked = serve();
    const before = Date.now();
    await mountInShell(<RobotTimeline record={{ id: 5 }} />);
    await byTestId('drawn-bar');
    expect(asked).toHaveLength(1);
    expect(spanOf(asked[0]!)).toBe(3_600_000);
    expect(Date.parse(asked[0]!.to)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(asked[0]!.to)).toBeLessThanOrEqual(Date.now());
    expect(options().scale.x.domain).toEqual(['心跳', '告警', '配置下发', '录制数据']);
    expect(options().scale.y).toMatchObject({ type: 'time', domain: [new Date(HOUR.from), new Date(HOUR.to)] });
    expect(options()).toMatchObject({ xField: 'laneLabel', yField: 'start', encode: { y1: 'end' } });
    const rows = options().data as TimelineRow[];
    expect(rows.map((row) => row.lane)).toEqual(['heartbeats', 'heartbeats', 'heartbeats', 'alarms', 'alarms', 'alarms', 'deliveries', 'recordings']);
    // within a day the axis reads the time of day
    expect(options().axis.y.labelFormatter(new Date(2026, 10, 1, 9, 5))).toBe('09:05');
    expect((await byTestId('timeline-retention')).textContent).toBe('心跳按分钟保存 30 天');
  });

  it('has each bar say what it is in its tooltip, in its own colour and shade, and a bar with a page open it', async () => {
    serve();
    await mountInShell(<RobotTimeline record={{ id: 5 }} />, '/device/robot/detail/5');
    await byTestId('drawn-bar');
    const rows = options().data as TimelineRow[];
    const recording = rows.find((row) => row.lane === 'recordings')!;
    expect(options().tooltip.title(recording)).toBe('pick-1.mcap');
    expect(options().tooltip.items[0](recording)).toEqual({ name: '录制数据', value: recording.detail });
    expect(options().style.fillOpacity(rows[1])).toBeCloseTo(0.65);
    expect(options().style.cursor(rows[0])).toBe('default');
    expect(options().style.cursor(recording)).toBe('pointer');
    expect(options().style.fill(recording)).toMatch(/^#/); // the theme's primary colour
    await act(async () => drawn.open(recording.href!));
    expect(location.pathname).toBe('/data/lake/raw-data-detail/42');
  });

  it('writes the timeline out as text too, each alarm linked to its record and each recording to its raw data page', async () => {
    serve();
    await mountInShell(<RobotTimeline record={{ id: 5 }} />);
    const table = await byTestId('timeline-table');
    expect(table.querySelector('tbody tr')!.textContent).toBe('心跳心跳 30 次');
    const links = [...table.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['话题丢失', '/device/robot/alarm/records/9'],
      ['机器人离线', '/device/robot/alarm/records/7'],
      ['帧率过低', '/device/robot/alarm/records/8'],
      ['nav v2', '/device/robot/overview/config/3'],
      ['pick-1.mcap', '/data/lake/raw-data-detail/42'],
    ]);
  });

  it('asks for the range of a preset chosen, its axis then giving the date with the time', async () => {
    const week = { ...timeline(), from: at(-7 * 24 * 60 + 60), bucketSeconds: 3600 };
    const asked = serve((range) => (spanOf(range) > 3_600_000 ? week : timeline()));
    await mountInShell(<RobotTimeline record={{ id: 5 }} />);
    const presets = await byTestId('timeline-presets');
    await byTestId('drawn-bar');
    const sevenDays = [...presets.querySelectorAll('label')].find((label) => label.textContent === '最近 7 天')!;
    await act(async () => sevenDays.querySelector('input')!.click());
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(spanOf(asked[1]!)).toBe(7 * 24 * 3_600_000);
    await vi.waitFor(() => expect(options().scale.y.domain[0]).toEqual(new Date(week.from)));
    expect(options().axis.y.labelFormatter(new Date(2026, 10, 1, 9, 5))).toBe('11-01 09:05');
  });
});
