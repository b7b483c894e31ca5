import { describe, expect, it } from 'vitest';
import { requestSteps, type Timing } from '../../../bench/page/waterfall';

const DATA = 'http://x/api/v1/data/bag/query?pageSize=20';
const at = (url: string, start: number, end: number, extra: Partial<Timing> = {}): Timing => ({ url, type: 'script', start, end, ...extra });
const document = at('http://x/app/data/lake/raw-data', 0, 10, { type: 'document' });

describe('request steps before the data request (bench:page figure 6)', () => {
  it('counts the longest chain of requests, each started after the one before it ended', () => {
    const timing = [document, at('http://x/entry.js', 20, 50, { byParser: true }), at('http://x/chunk.js', 60, 80), at(DATA, 90, 120, { type: 'fetch' })];
    expect(requestSteps(timing).steps).toBe(3);
  });

  it("puts what the document's parser asked for at step 2, however long the browser held it back", () => {
    const held = at('http://x/preloaded.js', 60, 80, { byParser: true });
    const timing = [document, at('http://x/entry.js', 20, 50, { byParser: true }), held, at(DATA, 90, 120, { type: 'fetch' })];
    const { steps, chain } = requestSteps(timing);
    expect(steps).toBe(2);
    expect([chain.at(-1)!.chained, ...chain.at(-1)!.others]).toContain(held);
  });
});
