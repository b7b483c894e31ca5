import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '../../../../../src/screens/pages/instances/sse-parser';

const parsed = (chunks: string[]) => {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({ onEvent: (event) => events.push(event), onComment: (text) => comments.push(text), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, comments, retries, lastEventId: parser.lastEventId };
};

const STREAM =
  ': ping\n\n' +
  'event: status\ndata: {"status":"running"}\n\n' +
  'event: lines\nid: 2\ndata: {"lines":[{"seq":1,"text":"a"},\ndata: {"seq":2,"text":"b"}]}\n\n' +
  'retry: 3000\n' +
  'event: end\ndata: {"status":"succeeded"}\n\n';

describe('the event-stream parser', () => {
  it('dispatches events with their name, joined data lines and id; comments and retry apart', () => {
    const { events, comments, retries, lastEventId } = parsed([STREAM]);
    expect(events).toEqual([
      { event: 'status', data: '{"status":"running"}', id: '' },
      { event: 'lines', data: '{"lines":[{"seq":1,"text":"a"},\n{"seq":2,"text":"b"}]}', id: '2' },
      // the id carries over to later events, as EventSource's lastEventId
      { event: 'end', data: '{"status":"succeeded"}', id: '2' },
    ]);
    expect(comments).toEqual(['ping']);
    expect(retries).toEqual([3000]);
    expect(lastEventId).toBe('2');
  });

  it('gives the same events however the text is cut: mid-line, mid-event, one character at a time', () => {
    const whole = parsed([STREAM]).events;
    for (const size of [1, 2, 3, 5, 7, 13, 64]) {
      const chunks = STREAM.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(parsed(chunks).events, `chunks of ${size}`).toEqual(whole);
    }
    expect(parsed(['event: li', 'nes\nda', 'ta: x\n', '\n']).events).toEqual([{ event: 'lines', data: 'x', id: '' }]);
  });

  it('takes CRLF and CR line ends, even a CRLF cut between its two characters', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    expect(parsed([crlf]).events).toEqual(parsed([STREAM]).events);
    const at = crlf.indexOf('\r\n') + 1;
    expect(parsed([crlf.slice(0, at), crlf.slice(at)]).events).toEqual(parsed([STREAM]).events);
    expect(parsed(['data: a\r\rdata: b\r\r']).events.map((event) => event.data)).toEqual(['a', 'b']);
  });

  it('reads "data" without a space, a field without a colon, and names an unnamed event "message"', () => {
    expect(parsed(['data:x\ndata\n\n']).events).toEqual([{ event: 'message', data: 'x\n', id: '' }]);
  });

  it('drops an event left without its blank line when the stream ends, and ignores events without data', () => {
    expect(parsed(['event: status\n\n', 'event: lines\ndata: {"lines":[]}\n']).events).toEqual([]);
  });

  it('skips a leading byte-order mark', () => {
    expect(parsed(['\ufeffdata: a\n\n']).events).toEqual([{ event: 'message', data: 'a', id: '' }]);
  });
});
