import type { RobotTimeline } from '../../../../model/schemas/robot-report';
import { ChartFrame } from '../../components/charts/chart-frame';
import { timelineConfig, timelineHeight } from './timeline-config';
import type { TimelineRow } from './timeline-rows';
import { TimelineTable } from './timeline-table';

/** The timeline drawn (its chart code loading with the first one drawn) over the range the answer covers, and its text beside it. */
export function TimelineChart({ timeline, rows, lanes, title }: { timeline: RobotTimeline; rows: TimelineRow[]; lanes: string[]; title: string }) {
  const from = Date.parse(timeline.from);
  const to = Date.parse(timeline.to);
  const heartbeats = timeline.heartbeats.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <ChartFrame
      title={title}
      height={timelineHeight(lanes.length)}
      build={(mode) => timelineConfig(rows, { lanes, from, to, mode })}
      inputs={[rows, lanes, from, to]}
      table={<TimelineTable title={title} rows={rows} heartbeats={heartbeats} />}
      testId="timeline-chart"
    />
  );
}
