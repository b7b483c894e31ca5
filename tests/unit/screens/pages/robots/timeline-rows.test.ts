import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from '../../../../../src/providers/i18n';
import { formatDateTime } from '../../../../../src/screens/components/schema/cells/format';
import { timelineRows } from '../../../../../src/screens/pages/robots/timeline-rows';
import { at, timeline } from './timeline-fixture';

beforeAll(() => loadNamespaces(['robot', 'alarmRecord', 'robotConfig']));

const rowsOf = () => timelineRows(timeline(), { t: i18n.t, colorOf: (name) => `colour:${name}` });
const minutes = (date: Date) => (date.getTime() - Date.parse(at(0))) / 60_000;

describe("a robot's timeline as bars", () => {
  it('draws a bar per heartbeat bucket that had any, shaded by the share of the expected heartbeats, so a silent stretch stays empty', () => {
    const heartbeats = rowsOf().filter((row) => row.lane === 'heartbeats');
    expect(heartbeats.map((row) => [minutes(row.start), minutes(row.end)])).toEqual([
      [0, 1],
      [1, 2],
      [30, 31],
    ]);
    // 12 heartbeats a minute at one each 5 s: a full bucket is drawn solid, one with 6 of them half way to it
    expect(heartbeats.map((row) => row.opacity)).toEqual([1, expect.closeTo(0.65), 1]);
    expect(heartbeats[0]).toMatchObject({ laneLabel: '心跳', color: 'colour:colorSuccess', title: '心跳' });
    expect(heartbeats[0]!.detail).toBe(`${formatDateTime(at(0))} – ${formatDateTime(at(1))} · 心跳 12 次`);
    expect(heartbeats.every((row) => row.href === undefined)).toBe(true);
  });

  it('draws each alarm to its end, or to the range’s end while it fires, cut to the range, coloured by its kind and opening its record', () => {
    const alarms = rowsOf().filter((row) => row.lane === 'alarms');
    expect(alarms.map((row) => [row.title, minutes(row.start), minutes(row.end), row.color, row.href])).toEqual([
      ['话题丢失', 0, 5, 'colour:red', '/device/robot/alarm/records/9'],
      ['机器人离线', 2, 29, 'colour:volcano', '/device/robot/alarm/records/7'],
      ['帧率过低', 50, 60, 'colour:orange', '/device/robot/alarm/records/8'],
    ]);
    expect(alarms[1]!.detail).toBe(`${formatDateTime(at(2))} – ${formatDateTime(at(29))}`);
    expect(alarms[2]!.detail).toBe(`/camera/front · ${formatDateTime(at(50))} – ${formatDateTime(at(60))} · 告警中`);
  });

  it('draws a delivery as a sliver around its moment, coloured by how it went and opening its configuration', () => {
    const [delivery] = rowsOf().filter((row) => row.lane === 'deliveries');
    // 0.4 % of the hour: 14.4 s, centred on 10:40
    expect([minutes(delivery!.start) * 60, minutes(delivery!.end) * 60]).toEqual([2400 - 7.2, 2400 + 7.2]);
    expect(delivery).toMatchObject({
      title: 'nav v2',
      detail: `${formatDateTime(at(40))} · 已下发`,
      color: 'colour:green',
      href: '/device/robot/overview/config/3',
    });
  });

  it('draws each parsed recording over its span, opening its raw data page; one not parsed yet has no span to draw', () => {
    const recordings = rowsOf().filter((row) => row.lane === 'recordings');
    expect(recordings.map((row) => [row.title, minutes(row.start), minutes(row.end), row.href])).toEqual([
      ['pick-1.mcap', 10, 20, '/data/lake/raw-data-detail/42'],
    ]);
  });
});
