import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../src/providers/session-store';
import { accountOf, tenantOf } from '../fixtures';

afterEach(() => sessionStore.clear('signedOut'));

describe('session store snapshots', () => {
  it('keeps the same snapshot, and tells nobody, when the user is saved again unchanged', () => {
    sessionStore.save('key-1', accountOf('rd'), tenantOf());
    const before = sessionStore.snapshot();
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.save('key-1', { ...accountOf('rd') }, { ...tenantOf() });
    expect(sessionStore.snapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('makes a new snapshot, and tells its listeners, when the user, the token or the ending changes', () => {
    sessionStore.save('key-1', accountOf('rd'), tenantOf());
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    const first = sessionStore.snapshot();
    sessionStore.save('key-1', { ...accountOf('rd'), name: 'Renamed' }, tenantOf());
    const renamed = sessionStore.snapshot();
    expect(renamed).not.toBe(first);
    expect(renamed.userInfo?.name).toBe('Renamed');
    sessionStore.save('key-2', { ...accountOf('rd'), name: 'Renamed' }, tenantOf());
    expect(sessionStore.snapshot()).not.toBe(renamed);
    expect(sessionStore.snapshot().token).toBe('key-2');
    sessionStore.clear('expired');
    expect(sessionStore.snapshot()).toMatchObject({ token: null, userInfo: null, ended: 'expired' });
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });
});
