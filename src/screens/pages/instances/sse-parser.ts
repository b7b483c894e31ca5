/** One dispatched server-sent event (the HTML "event stream" format). */
export interface SseEvent {
  /** `event:`; "message" when the event named none. */
  event: string;
  /** `data:` lines, joined by "\n". */
  data: string;
  /** The last `id:` seen so far in the stream (it carries over to later events, as EventSource's lastEventId). */
  id: string;
}

export interface SseHandlers {
  onEvent: (event: SseEvent) => void;
  /** A `: comment` line (the server's keep-alive pings). */
  onComment?: (text: string) => void;
  /** A `retry:` field: the reconnection delay the server asks for, in ms. */
  onRetry?: (ms: number) => void;
}

/**
 * An event-stream parser fed text as it arrives: a chunk may end anywhere (mid-line, mid-event,
 * between the "\r" and "\n" of a line end). EventSource does this for a browser, but cannot send
 * the Authorization header, so the log stream is read with fetch and parsed here.
 */
export function createSseParser({ onEvent, onComment, onRetry }: SseHandlers) {
  let buffer = '';
  let started = false;
  let eventType = '';
  let data: string[] = [];
  let lastId = '';

  const dispatch = () => {
    if (data.length) onEvent({ event: eventType || 'message', data: data.join('\n'), id: lastId });
    eventType = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return onComment?.(text.slice(1).replace(/^ /, ''));
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') {
      if (!value.includes('\0')) lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
    // any other field is ignored, as the format says
  };

  return {
    /** Feeds the next piece of the stream's text. */
    push(chunk: string) {
      buffer += chunk;
      if (!started && buffer.length) {
        started = true;
        if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      }
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        // A "\r" last in the buffer may be the first half of "\r\n": wait for the next chunk.
        if (char === '\r' && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (char === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: an event not closed by its blank line is dropped, as the format says. */
    end() {
      if (buffer.endsWith('\r')) line(buffer.slice(0, -1)); // a last "\r" was a line end after all
      buffer = '';
      eventType = '';
      data = [];
    },
    /** The id of the last event seen. */
    get lastEventId() {
      return lastId;
    },
  };
}

/** An event's data or a refused stream's body: its JSON, or the text itself. */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
