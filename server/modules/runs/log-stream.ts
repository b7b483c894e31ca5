import type { ServerResponse } from 'node:http';
import { FINISHED_STATES } from '../../../model/schemas/instance';
import type { Db } from '../../db/tables';
import { readInstance } from './instance-state';
import { readLines } from './log-store';
import type { RunBell } from './run-bell';

const PAGE = 1000;
const PING_MS = 15_000;

const event = (name: string, data: unknown, id?: number) => `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

/**
 * An instance's log as server-sent events, from the line after `after`: each new stretch of lines
 * (`lines`, its last seq as the event id, so a reconnect asks for what follows), the instance's
 * state when it changes (`status`), and `end` once it has ended and every line was sent. New lines
 * are looked for when this process's runs print, and every second for runs held elsewhere.
 */
export async function streamLog(db: Db, bell: RunBell, raw: ServerResponse, instanceId: number, after: number, pollMs = 1000): Promise<void> {
  let closed = false;
  let wake: () => void = () => {};
  raw.on('close', () => ((closed = true), wake()));
  const stopPrinted = bell.listen('printed', (id) => id === instanceId && wake());
  const stopClosing = bell.listen('closing', () => ((closed = true), wake()));
  const send = async (chunk: string) => {
    if (!raw.write(chunk)) await new Promise<void>((resolve) => raw.once('drain', resolve).once('close', resolve));
  };
  let last = after;
  let status: string | undefined;
  let lastSent = Date.now();
  try {
    while (!closed) {
      const current = await readInstance(db, instanceId);
      const lines = await readLines(db, instanceId, { after: last, limit: PAGE });
      if (lines.length) {
        last = lines[lines.length - 1]!.seq;
        await send(event('lines', { lines }, last));
        lastSent = Date.now();
      }
      if (current && current.status !== status) {
        status = current.status;
        await send(event('status', { status }));
      }
      // Its end is written after its last line: ended and nothing more means all was sent.
      if (!current || ((FINISHED_STATES as readonly string[]).includes(current.status) && lines.length === 0)) {
        await send(event('end', { status: current?.status ?? null }));
        break;
      }
      if (lines.length === PAGE) continue;
      if (Date.now() - lastSent >= PING_MS) {
        await send(': ping\n\n');
        lastSent = Date.now();
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => (clearTimeout(timer), resolve());
      });
    }
  } finally {
    stopPrinted();
    stopClosing();
    raw.end();
  }
}
