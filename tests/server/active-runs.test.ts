import { describe, expect, it } from 'vitest';
import { activeRuns, type ActiveRun } from '../../server/modules/runs/active-runs';
import type { RunHandle, RunOutcome } from '../../server/modules/runs/runner';

const run = (): ActiveRun => {
  const outcome: Promise<RunOutcome> = Promise.resolve({ status: 'succeeded' });
  const handle: RunHandle = { outcome, terminate: async () => {} };
  return { handle, detach: () => {} };
};

describe('the runs a server holds, as it stops', () => {
  it('ends each held run, a run held after the stop began as soon as it is held, and none once workers start again', async () => {
    const active = activeRuns();
    const ended: ActiveRun[] = [];
    const early = run();
    active.hold(1, early);
    await active.close(async (held) => void ended.push(held));
    expect(ended).toEqual([early]);
    const late = run();
    active.hold(2, late);
    expect(ended).toEqual([early, late]);
    active.open();
    active.hold(3, run());
    expect(ended).toEqual([early, late]);
  });

  it('ends nothing while the server goes on', () => {
    const active = activeRuns();
    active.hold(1, run());
    expect(active.all()).toHaveLength(1);
    active.release(1);
    expect(active.all()).toEqual([]);
  });
});
