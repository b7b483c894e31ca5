import { describe, expect, it } from 'vitest';
import { LogLines } from '../../../../../src/screens/pages/instances/log-lines';
import { entries } from './log-fixtures';

const seqs = (lines: LogLines) => Array.from({ length: lines.length }, (_, i) => lines.at(i)!.seq);

describe('the loaded lines', () => {
  it('prepend pages and append live lines, each seq once', () => {
    let lines = LogLines.of(entries(501, 1000));
    lines = lines.prepend(entries(1, 500));
    lines = lines.append(entries(990, 1003)); // overlaps what is there
    lines = lines.append(entries(1004, 1004));
    lines = lines.prepend(entries(400, 600)); // all seen already
    expect(lines.length).toBe(1004);
    expect(seqs(lines)).toEqual(entries(1, 1004).map((line) => line.seq));
    expect([lines.first?.seq, lines.last?.seq, lines.at(499)?.seq, lines.at(500)?.seq, lines.at(1004)]).toEqual([1, 1004, 500, 501, undefined]);
  });

  it('finds a line by seq, and drops either end', () => {
    const lines = LogLines.of(entries(11, 20)).prepend(entries(1, 10)).append(entries(21, 25));
    expect(lines.indexOfSeq(21)).toBe(20);
    expect(lines.indexOfSeq(26)).toBe(-1);
    expect(seqs(lines.dropFront(12))).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(seqs(lines.dropBack(17))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(lines.dropFront(25).length).toBe(0);
    expect(lines.lastLines(3).map((line) => line.seq)).toEqual([23, 24, 25]);
  });

  it('adds many small live batches without a chunk per batch, and never changes an earlier value', () => {
    const before = LogLines.of(entries(1, 3));
    let lines = before;
    for (let seq = 4; seq <= 3000; seq++) lines = lines.append(entries(seq, seq));
    expect(seqs(before)).toEqual([1, 2, 3]);
    expect(lines.length).toBe(3000);
    expect(seqs(lines)).toEqual(entries(1, 3000).map((line) => line.seq));
    expect((lines as unknown as { chunks: unknown[] }).chunks.length).toBeLessThan(20);
  });
});
