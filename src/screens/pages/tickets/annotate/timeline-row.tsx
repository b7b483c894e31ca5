import { theme } from 'antd';
import { memo } from 'react';
import { formatNumber } from '../../../components/schema/cells/format';
import { TopicTimeline } from '../../raw-data/topic-timeline';
import type { Recording, RecordingTopic } from './recording-api';
import { densityHeights } from './timeline-math';

/** The timeline's geometry, shared by its rows and what is drawn over them. */
export const LABEL_WIDTH = 260;
export const ROW_HEIGHT = 36;
const BAR_HEIGHT = 24;

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * One topic along the recording: its name, type and rate, and its messages' density (bars as high as
 * the slice is busy); a recording parsed before densities were counted shows the topic's first to
 * last message instead. Memoised: the timeline redraws on every pointer move, its rows need not.
 */
export const TimelineRow = memo(function TimelineRow({ topic, recording }: { topic: RecordingTopic; recording: Recording }) {
  const { token } = theme.useToken();
  const density = topic.density ?? [];
  const heights = densityHeights(density, BAR_HEIGHT);
  return (
    <div data-testid="timeline-row" style={{ display: 'flex', alignItems: 'center', height: ROW_HEIGHT, borderTop: `1px solid ${token.colorSplit}` }}>
      <div style={{ width: LABEL_WIDTH, flex: 'none', padding: '0 8px', lineHeight: 1.3 }}>
        <div style={{ ...oneLine, fontSize: token.fontSizeSM }} title={topic.topic}>
          {topic.topic}
        </div>
        <div style={{ ...oneLine, fontSize: token.fontSizeSM - 1, color: token.colorTextSecondary }} title={topic.messageType}>
          {topic.messageType} · {formatNumber(topic.frequencyHz, 1)} Hz
        </div>
      </div>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center' }}>
        {density.length > 0 ? (
          <svg
            width="100%"
            height={BAR_HEIGHT}
            viewBox={`0 0 ${density.length} ${BAR_HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={`${topic.topic}: ${topic.messageCount}`}
            style={{ display: 'block' }}
          >
            {heights.map((height, slice) =>
              height > 0 ? (
                <rect key={slice} x={slice} y={BAR_HEIGHT - height} width={1} height={height} fill={token.colorPrimary} shapeRendering="crispEdges" />
              ) : null,
            )}
          </svg>
        ) : (
          <div style={{ flex: 1 }}>
            <TopicTimeline topic={topic} from={Date.parse(recording.start)} to={Date.parse(recording.end)} />
          </div>
        )}
      </div>
    </div>
  );
});
