import { HttpResponse } from 'msw';
import type { LogEntry } from '../../../../../src/screens/pages/instances/log-api';

/** An event of the log stream as the server writes it. */
export const sse = {
  lines: (lines: LogEntry[]) => `event: lines\nid: ${lines.at(-1)!.seq}\ndata: ${JSON.stringify({ lines })}\n\n`,
  status: (status: string) => `event: status\ndata: ${JSON.stringify({ status })}\n\n`,
  end: (status: string) => `event: end\ndata: ${JSON.stringify({ status })}\n\n`,
  ping: ': ping\n\n',
};

/**
 * An event-stream answer sending these pieces of text one after another, then closing (a drop,
 * unless the last is an end) or, with `open`, staying open until the client goes.
 */
export function eventStream(pieces: string[], { open = false } = {}) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const piece of pieces) {
        controller.enqueue(encoder.encode(piece));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (!open) controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

/** A text cut in two at `at` (a chunk boundary in the middle of an event). */
export const cut = (text: string, at: number) => [text.slice(0, at), text.slice(at)];
