import { describe, expect, it } from 'vitest';
import { LIVE_REFRESH_MS, liveRefresh } from '../../../../../../src/screens/components/schema/list/live-refresh';
import { entityInfo } from '../../../../../../model/schemas/engine/info';
import { instance } from '../../../../../../model/schemas/instance';
import { modelExport } from '../../../../../../model/schemas/model-export';
import { task } from '../../../../../../model/schemas/task';

describe('a list of records under way refreshes itself', () => {
  it('looks again every 2 s while a shown row is in a live state, and stops once none is', () => {
    const info = entityInfo(instance);
    expect(liveRefresh(info, [{ status: 'succeeded' }, { status: 'running' }])).toBe(LIVE_REFRESH_MS);
    expect(liveRefresh(info, [{ status: 'pending' }])).toBe(LIVE_REFRESH_MS);
    expect(liveRefresh(info, [{ status: 'succeeded' }, { status: 'terminated' }, { status: 'timed_out' }])).toBe(false);
    expect(liveRefresh(info, undefined)).toBe(false);
    expect(liveRefresh(entityInfo(modelExport), [{ status: 'processing', progress: 40 }])).toBe(LIVE_REFRESH_MS);
  });

  it('never refreshes an entity without live states', () => {
    expect(liveRefresh(entityInfo(task), [{ status: 'active' }])).toBe(false);
  });
});
