import type { RobotTimeline } from '../../../../../model/schemas/robot-report';

/** Ten o'clock to eleven on one robot: minute buckets with a silent stretch, alarms, a delivery and recordings. */
export const HOUR = { from: '2026-11-01T10:00:00.000Z', to: '2026-11-01T11:00:00.000Z' };
export const at = (minute: number) => new Date(Date.parse(HOUR.from) + minute * 60_000).toISOString();

export const timeline = (): RobotTimeline => ({
  ...HOUR,
  bucketSeconds: 60,
  retentionDays: 30,
  heartbeats: [
    { time: at(0), count: 12 },
    { time: at(1), count: 6 },
    { time: at(2), count: 0 },
    { time: at(30), count: 12 },
  ],
  alarms: [
    { id: 9, kind: 'missing', topic: '/lidar', start: at(-10), end: at(5) },
    { id: 7, kind: 'offline', topic: '', start: at(2), end: at(29) },
    { id: 8, kind: 'slow', topic: '/camera/front', start: at(50), end: null },
  ],
  deliveries: [{ time: at(40), configId: 3, name: 'nav', version: 2, status: 'delivered', message: '' }],
  recordings: [
    { id: 42, name: 'pick-1.mcap', start: at(10), end: at(20) },
    { id: 43, name: 'unparsed.mcap', start: null, end: null },
  ],
});
