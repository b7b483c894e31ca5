import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { collectLines, MAX_LINE } from '../../server/modules/runs/local/line-collector';
import { ranOutOfMemory } from '../../server/modules/runs/local/memory-failure';
import { metricsOf } from '../../server/modules/runs/metric-line';
import { progressOf } from '../../server/modules/runs/progress-line';
import type { LogLine } from '../../server/modules/runs/runner';

/** A process's output as lines, none lost however it arrives; progress lines; the out-of-memory signs. */
describe('reading a process’s output', () => {
  const pipes = () => ({ stdout: new PassThrough(), stderr: new PassThrough() });

  it('splits chunks into lines across chunk ends and UTF-8 sequences, drops CR, keeps the last line without a newline', async () => {
    const got: LogLine[] = [];
    const streams = pipes();
    const { drained } = collectLines({ write: async (lines) => void got.push(...lines) }, streams);
    const bytes = Buffer.from('first\r\nsec機器人ond\nthird without end');
    for (let i = 0; i < bytes.length; i += 3) streams.stdout.write(bytes.subarray(i, i + 3));
    streams.stderr.write('an error\n');
    streams.stdout.end();
    streams.stderr.end();
    await drained;
    expect(got.filter((line) => line.stream === 'stdout').map((line) => line.text)).toEqual(['first', 'sec機器人ond', 'third without end']);
    expect(got.filter((line) => line.stream === 'stderr').map((line) => line.text)).toEqual(['an error']);
    expect(got.every((line) => line.time instanceof Date)).toBe(true);
  });

  it('keeps a giant line in pieces of at most 16 KiB, nothing lost', async () => {
    const got: LogLine[] = [];
    const streams = pipes();
    const { drained } = collectLines({ write: async (lines) => void got.push(...lines) }, streams);
    const giant = 'x'.repeat(MAX_LINE * 2 + 10);
    streams.stdout.end(`${giant}\nafter\n`);
    streams.stderr.end();
    await drained;
    expect(got.map((line) => line.text.length)).toEqual([MAX_LINE, MAX_LINE, 10, 5]);
    expect(
      got
        .slice(0, 3)
        .map((line) => line.text)
        .join(''),
    ).toBe(giant);
  });

  it('pauses the pipes while the sink is behind, writes one batch at a time, and loses nothing of 200,000 lines', async () => {
    const got: string[] = [];
    let writing = 0;
    let overlapped = false;
    const sink = {
      write: async (lines: LogLine[]) => {
        overlapped ||= writing > 0;
        writing++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        got.push(...lines.map((line) => line.text));
        writing--;
      },
    };
    const streams = pipes();
    const { drained } = collectLines(sink, streams);
    let paused = false;
    streams.stdout.on('pause', () => (paused = true));
    for (let i = 0; i < 200_000; i += 1000) streams.stdout.write(Array.from({ length: 1000 }, (_, k) => `line ${i + k}\n`).join(''));
    streams.stdout.end();
    streams.stderr.end();
    await drained;
    expect(overlapped).toBe(false);
    expect(paused).toBe(true);
    expect(got).toHaveLength(200_000);
    expect(got[0]).toBe('line 0');
    expect(got[199_999]).toBe('line 199999');
  });

  it('tries a failed write again: the lines wait, in order', async () => {
    const got: string[] = [];
    let failures = 1;
    const sink = {
      write: async (lines: LogLine[]) => {
        if (failures-- > 0) throw new Error('database away');
        got.push(...lines.map((line) => line.text));
      },
    };
    const streams = pipes();
    const { drained } = collectLines(sink, streams);
    streams.stdout.end('a\nb\n');
    streams.stderr.end();
    await drained;
    expect(got).toEqual(['a', 'b']);
  });
});

describe('what a run reports', () => {
  it('reads progress lines, held to 0-100, and nothing else', () => {
    expect(progressOf('##edp:progress 42')).toBe(42);
    expect(progressOf('##edp:progress 99.9')).toBe(99);
    expect(progressOf('##edp:progress 250')).toBe(100);
    expect(progressOf('##edp:progress')).toBeNull();
    expect(progressOf('loss 0.42 ##edp:progress 42')).toBeNull();
    expect(progressOf('##edp:progress -3')).toBeNull();
  });

  it('reads metric lines: a step and finite metrics, or nothing of a line with one pair out of shape', () => {
    expect(metricsOf('##edp:metric loss=0.123 step=400')).toEqual({ step: 400, values: { loss: 0.123 } });
    expect(metricsOf('##edp:metric val/loss=1e-4  accuracy=.5 reward=-2 ')).toEqual({ step: null, values: { 'val/loss': 0.0001, accuracy: 0.5, reward: -2 } });
    for (const refused of [
      '##edp:metric',
      '##edp:metric step=3',
      '##edp:metric loss=',
      '##edp:metric loss=abc',
      '##edp:metric loss=NaN',
      '##edp:metric loss=1e999',
      '##edp:metric loss=1 loss=2',
      '##edp:metric loss=1 step=1.5',
      '##edp:metric loss=1 step=-1',
      '##edp:metric loss=1 step=1 step=2',
      '##edp:metric loss=1 stray',
      `##edp:metric ${'x'.repeat(65)}=1`,
      'epoch 3 ##edp:metric loss=1',
    ])
      expect(metricsOf(refused), refused).toBeNull();
  });

  it('tells running out of memory from other failures by what the runtime printed', () => {
    expect(ranOutOfMemory(['Traceback (most recent call last):', 'MemoryError'])).toBe(true);
    expect(ranOutOfMemory(["terminate called after throwing an instance of 'std::bad_alloc'"])).toBe(true);
    expect(ranOutOfMemory(['FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory'])).toBe(true);
    expect(ranOutOfMemory(['ValueError: bad input'])).toBe(false);
  });
});
