import type { TFunction } from 'i18next';
import { entityListEntry, recordPath } from '../../../../model/resources/index';
import { ALARM_KINDS } from '../../../../model/schemas/alarm-record';
import { DELIVERY_STATES } from '../../../../model/schemas/robot-config';
import { HEARTBEAT_INTERVAL_SECONDS, type RobotTimeline } from '../../../../model/schemas/robot-report';
import { formatDateTime } from '../../components/schema/cells/format';

/** The timeline's lanes, top to bottom. */
export const LANES = ['heartbeats', 'alarms', 'deliveries', 'recordings'] as const;
export type Lane = (typeof LANES)[number];

/** One bar of the timeline: where it lies, how it is drawn, what its tooltip says and what it opens. */
export interface TimelineRow {
  key: string;
  lane: Lane;
  /** The lane's name, as the chart's axis writes it. */
  laneLabel: string;
  start: Date;
  end: Date;
  color: string;
  opacity: number;
  title: string;
  detail: string;
  href?: string;
}

/** A moment (a delivery) drawn as a sliver of this share of the range, so it is seen and can be pointed at. */
const MOMENT_SHARE = 0.004;
/** The faintest a bucket with any heartbeat is drawn: a robot that reported once in it is still seen. */
const FAINTEST = 0.3;

/** What the rows are made with: the language's texts, and a colour by its antd name (token or preset). */
export interface RowTexts {
  t: TFunction;
  colorOf: (name: string) => string;
}

const span = (start: Date, end: Date) => `${formatDateTime(start)} – ${formatDateTime(end)}`;
const showPath = (entity: string, id: number) => recordPath(entityListEntry(entity)!, 'show', id);

/**
 * The robot's timeline as bars over its range: a bar per heartbeat bucket shaded by how many of the
 * expected heartbeats came (a silent stretch has none, and shows empty), a bar per alarm to its end (or to
 * the range's end while it fires), a sliver per configuration delivery, a bar per recording. Each is cut
 * to the range, and an alarm, a delivery and a recording open their own page.
 */
export function timelineRows(timeline: RobotTimeline, { t, colorOf }: RowTexts): TimelineRow[] {
  const from = Date.parse(timeline.from);
  const to = Date.parse(timeline.to);
  const moment = Math.max((to - from) * MOMENT_SHARE, 1000);
  const row = (lane: Lane, key: string | number, start: number, end: number, rest: Omit<TimelineRow, 'key' | 'lane' | 'laneLabel' | 'start' | 'end'>) => {
    const [first, last] = [Math.max(start, from), Math.min(end, to)];
    return last > first ? [{ key: `${lane}-${key}`, lane, laneLabel: t(`robot:page.${lane}`), start: new Date(first), end: new Date(last), ...rest }] : [];
  };
  const expected = timeline.bucketSeconds / HEARTBEAT_INTERVAL_SECONDS;
  const heartbeats = timeline.heartbeats.flatMap(({ time, count }) => {
    const start = Date.parse(time);
    const end = start + timeline.bucketSeconds * 1000;
    if (count <= 0) return [];
    return row('heartbeats', time, start, end, {
      color: colorOf('colorSuccess'),
      opacity: FAINTEST + (1 - FAINTEST) * Math.min(1, count / expected),
      title: t('robot:page.heartbeats'),
      detail: `${span(new Date(start), new Date(end))} · ${t('robot:page.heartbeatCount', { count })}`,
    });
  });
  const alarms = timeline.alarms.flatMap((alarm) => {
    const kind = ALARM_KINDS.find((option) => option.value === alarm.kind);
    const end = alarm.end ? Date.parse(alarm.end) : to;
    const state = alarm.end ? '' : ` · ${t('alarmRecord:state.firing')}`;
    return row('alarms', alarm.id, Date.parse(alarm.start), end, {
      color: colorOf(kind?.color ?? 'red'),
      opacity: 0.85,
      title: kind ? t(kind.label) : alarm.kind,
      detail: `${alarm.topic ? `${alarm.topic} · ` : ''}${span(new Date(Date.parse(alarm.start)), new Date(end))}${state}`,
      href: showPath('alarm-record', alarm.id),
    });
  });
  const deliveries = timeline.deliveries.flatMap((delivery, index) => {
    const status = DELIVERY_STATES.find((option) => option.value === delivery.status);
    const time = Date.parse(delivery.time);
    return row('deliveries', index, time - moment / 2, time + moment / 2, {
      color: colorOf(status?.color ?? 'blue'),
      opacity: 1,
      title: `${delivery.name} v${delivery.version}`,
      detail: [formatDateTime(time), status ? t(status.label) : delivery.status, delivery.message].filter(Boolean).join(' · '),
      href: showPath('robot-config', delivery.configId),
    });
  });
  const recordings = timeline.recordings.flatMap((recording) => {
    if (!recording.start) return [];
    const start = Date.parse(recording.start);
    const end = recording.end ? Date.parse(recording.end) : start + moment;
    return row('recordings', recording.id, start, end, {
      color: colorOf('colorPrimary'),
      opacity: 0.85,
      title: recording.name,
      detail: span(new Date(start), new Date(end)),
      href: showPath('bag', recording.id),
    });
  });
  return [...heartbeats, ...alarms, ...deliveries, ...recordings];
}
