import { density, TimeHistogram } from './density';
import { frequencyHz, nsToDate, RecordingParseError, spanSeconds, type RecordingSummary, type TopicSummary } from './summary';

interface Seen {
  topic: string;
  messageType: string;
  encoding: string;
  count: number;
  first: bigint;
  last: bigint;
  histogram: TimeHistogram;
}

/** Messages counted per channel (MCAP) or connection (bag) id, with their first and last time in nanoseconds and a histogram of their times. */
export class Tally {
  readonly channels = new Map<number, Seen>();
  total = 0;

  /** The first definition of an id wins (MCAP repeats channels in chunks and in the summary). */
  define(id: number, topic: string, messageType: string, encoding: string): void {
    if (!this.channels.has(id)) this.channels.set(id, { topic, messageType, encoding, count: 0, first: 0n, last: 0n, histogram: new TimeHistogram() });
  }

  add(id: number, time: bigint): void {
    const seen = this.channels.get(id);
    if (!seen) throw new RecordingParseError(`A message refers to channel ${id}, which the file does not define`);
    if (seen.count === 0 || time < seen.first) seen.first = time;
    if (seen.count === 0 || time > seen.last) seen.last = time;
    seen.count++;
    seen.histogram.add(time);
    this.total++;
  }

  /**
   * Per topic (channels of one topic summed); the recording's span is the messages' unless `span` says otherwise. A
   * recording without messages is still one: its channels are its topics, each counted 0, and it has no span.
   */
  summarize(format: RecordingSummary['format'], span?: { start: bigint; end: bigint }): RecordingSummary {
    const byTopic = new Map<string, Seen & { types: Set<string>; encodings: Set<string>; histograms: TimeHistogram[] }>();
    for (const seen of this.channels.values()) {
      const topic = byTopic.get(seen.topic);
      if (!topic) byTopic.set(seen.topic, { ...seen, types: new Set([seen.messageType]), encodings: new Set([seen.encoding]), histograms: [seen.histogram] });
      else if (seen.count > 0) {
        topic.histograms.push(seen.histogram);
        if (topic.count === 0 || seen.first < topic.first) topic.first = seen.first;
        if (topic.count === 0 || seen.last > topic.last) topic.last = seen.last;
        topic.count += seen.count;
      }
      topic?.types.add(seen.messageType);
      topic?.encodings.add(seen.encoding);
    }
    const counted = [...byTopic.values()].filter((topic) => topic.count > 0);
    const timed = span ?? messagesSpan(counted);
    const [start, end] = timed ? [timed.start, timed.end] : [0n, 0n];
    const topics: TopicSummary[] = [...byTopic.values()]
      .sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0))
      .map((topic) => ({
        topic: topic.topic,
        messageType: [...topic.types].join(', '),
        encoding: [...topic.encodings].join(', '),
        messageCount: topic.count,
        frequencyHz: frequencyHz(topic.count, topic.first, topic.last),
        start: topic.count ? nsToDate(topic.first).toISOString() : null,
        end: topic.count ? nsToDate(topic.last).toISOString() : null,
        // Over the recording's span, not the topic's: every topic's slices line up on one timeline.
        density: density(topic.histograms, start, end),
      }));
    const [startTime, endTime] = timed ? [nsToDate(start), nsToDate(end)] : [null, null];
    return { format, startTime, endTime, durationSeconds: spanSeconds(start, end), messageCount: this.total, topics };
  }
}

/** From the first to the last message of the topics that have any; undefined when none has. */
function messagesSpan(counted: Pick<Seen, 'first' | 'last'>[]): { start: bigint; end: bigint } | undefined {
  if (counted.length === 0) return undefined;
  return {
    start: counted.reduce((min, topic) => (topic.first < min ? topic.first : min), counted[0]!.first),
    end: counted.reduce((max, topic) => (topic.last > max ? topic.last : max), counted[0]!.last),
  };
}
