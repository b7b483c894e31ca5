import { theme, Typography, type GlobalToken } from 'antd';
import { useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { label as labelEntity } from '../../../../../model/schemas/label';
import { formatNumber } from '../../../components/schema/cells/format';
import type { Annotation, Label } from '../tickets-api';
import type { Recording } from './recording-api';
import { TimelineAxis } from './timeline-axis';
import { orderedRange, percentAt, secondsAt } from './timeline-math';
import { LABEL_WIDTH, ROW_HEIGHT, TimelineRow } from './timeline-row';
import { labelName } from './work-rules';

/** A press that moves less than this is a click (to pick an annotation), not a drag. */
const DRAG_PIXELS = 3;

/** A label's ranges in its type's colour as the labels list shows it (failure red, quality blue, scene purple). */
const TYPE_COLOURS = new Map((labelEntity.fields.labelType.options ?? []).map((option) => [option.value, option.color]));
const colourOf = (token: GlobalToken, labelType: string | undefined) => {
  const name = labelType ? TYPE_COLOURS.get(labelType) : undefined;
  return (name && (token as unknown as Record<string, string | undefined>)[name]) || token.colorPrimary;
};

const spanStyle = (start: number, end: number, duration: number): CSSProperties => {
  const left = percentAt(start, duration);
  return { position: 'absolute', top: 0, bottom: 0, left: `${left}%`, width: `${Math.max(percentAt(end, duration) - left, 0.2)}%` };
};

interface TimelineProps {
  recording: Recording;
  annotations: readonly Annotation[];
  labels: ReadonlyMap<number, Label>;
  /** The range being marked. */
  range: { start: number | null; end: number | null };
  selectedId: number | null;
  /** Whether dragging marks a range (the assignee's open job); clicking picks an annotation either way. */
  editable: boolean;
  /** The time under the pointer, as it moves: where `[` and `]` put the range's ends. */
  onCursor: (seconds: number) => void;
  onRange: (range: { start: number; end: number }) => void;
  onPick: (seconds: number) => void;
}

/**
 * The item's recording along time: a row per topic with its message density, the item's clip
 * shaded, a time axis, and the annotations as coloured ranges over every row. Dragging across it
 * marks a range; a click picks the annotation under it.
 */
export function Timeline({ recording, annotations, labels, range, selectedId, editable, onCursor, onRange, onPick }: TimelineProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [cursor, setCursor] = useState<number | null>(null);
  const drag = useRef<{ anchor: number; x: number; moved: boolean } | null>(null);
  const duration = recording.durationSeconds;
  const at = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return secondsAt(event.clientX - box.left, box.width, duration);
  };
  const press = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId); // the drag goes on outside the track
    drag.current = { anchor: at(event), x: event.clientX, moved: false };
  };
  const point = (event: PointerEvent<HTMLDivElement>) => {
    const seconds = at(event);
    setCursor(seconds);
    onCursor(seconds);
    const held = drag.current;
    if (!held || !editable || (!held.moved && Math.abs(event.clientX - held.x) < DRAG_PIXELS)) return;
    held.moved = true;
    onRange(orderedRange(held.anchor, seconds, duration));
  };
  const release = (event: PointerEvent<HTMLDivElement>) => {
    const held = drag.current;
    drag.current = null;
    if (held && !held.moved) onPick(at(event));
  };
  const clip = recording.clipStart !== null || recording.clipEnd !== null ? { start: recording.clipStart ?? 0, end: recording.clipEnd ?? duration } : null;
  const marked = range.start !== null && range.end !== null && range.end > range.start;
  return (
    <div data-testid="recording-timeline" style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, userSelect: 'none' }}>
      <div style={{ maxHeight: 24 + ROW_HEIGHT * 12, overflowY: 'auto' }}>
        <div style={{ position: 'relative', minHeight: 24 + ROW_HEIGHT }}>
          <TimelineAxis duration={duration} />
          {recording.topics.map((topic) => (
            <TimelineRow key={topic.topic} topic={topic} recording={recording} />
          ))}
          {recording.topics.length === 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: 8 }}>
              {t('annotate:timeline.noTopics')}
            </Typography.Text>
          )}
          <div
            data-testid="timeline-track"
            style={{ position: 'absolute', top: 0, bottom: 0, left: LABEL_WIDTH, right: 0, cursor: editable ? 'crosshair' : 'default', touchAction: 'none' }}
            onPointerDown={press}
            onPointerMove={point}
            onPointerUp={release}
            onPointerCancel={() => (drag.current = null)}
          >
            {clip && (
              <div
                data-testid="timeline-clip"
                style={{
                  ...spanStyle(clip.start, clip.end, duration),
                  background: token.colorFillTertiary,
                  borderLeft: `1px dashed ${token.colorBorder}`,
                  borderRight: `1px dashed ${token.colorBorder}`,
                }}
              >
                <span style={{ fontSize: token.fontSizeSM - 1, color: token.colorTextTertiary, paddingLeft: 2 }}>{t('annotate:timeline.clip')}</span>
              </div>
            )}
            {annotations.map((annotation) => {
              const mark = labels.get(annotation.labelId);
              const colour = colourOf(token, mark?.labelType);
              const selected = annotation.id === selectedId;
              return (
                <div
                  key={annotation.id}
                  data-testid="timeline-annotation"
                  data-annotation-id={annotation.id}
                  style={{
                    ...spanStyle(annotation.startOffset, annotation.endOffset, duration),
                    borderLeft: `2px solid ${colour}`,
                    borderRight: `2px solid ${colour}`,
                  }}
                >
                  <div style={{ position: 'absolute', inset: 0, background: colour, opacity: selected ? 0.32 : 0.14 }} />
                  <div
                    style={{
                      position: 'relative',
                      padding: '0 2px',
                      fontSize: token.fontSizeSM - 1,
                      color: colour,
                      fontWeight: selected ? 600 : 400,
                      overflow: 'hidden',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {labelName(annotation, labels)}
                  </div>
                </div>
              );
            })}
            {marked && (
              <div
                data-testid="timeline-range"
                style={{
                  ...spanStyle(range.start!, range.end!, duration),
                  outline: `2px dashed ${token.colorText}`,
                  outlineOffset: -2,
                  background: token.colorFillSecondary,
                }}
              />
            )}
            {!marked &&
              [range.start, range.end].map((edge, index) =>
                edge === null ? null : <div key={index} style={{ ...spanStyle(edge, edge, duration), width: 2, background: token.colorText }} />,
              )}
            {cursor !== null && (
              <div style={{ ...spanStyle(cursor, cursor, duration), width: 1, background: token.colorError }}>
                <span style={{ position: 'absolute', top: 0, left: 3, fontSize: token.fontSizeSM - 1, color: token.colorError, whiteSpace: 'nowrap' }}>
                  {formatNumber(cursor, 3)}
                </span>
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
