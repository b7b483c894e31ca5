import { theme } from 'antd';

interface Span {
  start: string | null;
  end: string | null;
}

/** Where a topic's messages lie within the recording, as a bar over its span (a topic that stopped early shows it). */
export function TopicTimeline({ topic, from, to }: { topic: Span; from: number; to: number }) {
  const { token } = theme.useToken();
  if (!topic.start || !topic.end || !(to > from)) return null;
  const left = ((Date.parse(topic.start) - from) / (to - from)) * 100;
  const width = Math.max(((Date.parse(topic.end) - Date.parse(topic.start)) / (to - from)) * 100, 0.5);
  return (
    <div
      style={{ position: 'relative', height: 8, minWidth: 160, background: token.colorFillSecondary, borderRadius: 4 }}
      role="img"
      aria-label={`${topic.start} – ${topic.end}`}
    >
      <div style={{ position: 'absolute', left: `${left}%`, width: `${width}%`, top: 0, bottom: 0, background: token.colorPrimary, borderRadius: 4 }} />
    </div>
  );
}
