import { Refine } from '@refinedev/core';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useAllowed } from '../../../../src/screens/hooks/use-allowed';
import { accessControlProvider } from '../../../../src/providers/access-control';
import { sessionStore } from '../../../../src/providers/session-store';
import { accountOf, tenantOf } from '../../fixtures';
import { mountedRoot } from '../../mounted-root';
import { mockApi } from '../../msw';

mockApi(); // any request at all would fail the test: checks are local
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Every answer useAllowed gave, render by render, until the provider's own query settled. */
async function answers(resource: string, action: string, provider = accessControlProvider) {
  const seen: (boolean | undefined)[] = [];
  function Probe() {
    seen.push(useAllowed(resource, action));
    return null;
  }
  const { root } = mountedRoot();
  const noData = { getApiUrl: () => '', getList: async () => ({ data: [], total: 0 }) } as never;
  await act(async () =>
    root.render(
      <Refine dataProvider={noData} accessControlProvider={provider} options={{ disableTelemetry: true }}>
        <Probe />
      </Refine>,
    ),
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return seen;
}

describe('useAllowed (spec §6, answered in the first render)', () => {
  it('has the answer in its first render and keeps it, yes or no', async () => {
    sessionStore.save('token', accountOf('tenant_admin'), tenantOf(false));
    const yes = await answers('/console/space/account', 'create');
    expect(yes[0]).toBe(true);
    expect(new Set(yes)).toEqual(new Set([true]));
    sessionStore.save('token', accountOf('rd'), tenantOf(false));
    const no = await answers('/console/space/account', 'create');
    expect(no[0]).toBe(false);
    expect(new Set(no)).toEqual(new Set([false]));
  });

  it('does not ask the provider where the answer needs nothing loaded: no query of it settles later', async () => {
    sessionStore.save('token', accountOf('tenant_admin'), tenantOf(false));
    let asked = 0;
    const counting = {
      ...accessControlProvider,
      can: (params: Parameters<NonNullable<typeof accessControlProvider.can>>[0]) => (asked++, accessControlProvider.can!(params)),
    };
    expect(await answers('/console/space/account', 'create', counting)).toEqual([true]);
    // an action a list declares (the raw-data list's upload) is not its entity's transition: known at once too
    expect(await answers('/data/lake/raw-data', 'upload', counting)).toEqual([true]);
    expect(asked).toBe(0);
    await answers('/data/collect/plan', 'activate', counting);
    expect(asked).toBe(1); // a transition's answer still comes from it
  });

  it("waits for the provider where the answer needs an entity's transitions loaded", async () => {
    sessionStore.save('token', accountOf('tenant_admin'), tenantOf(false));
    const seen = await answers('/data/collect/plan', 'activate');
    expect(seen[0]).toBeUndefined();
    const answer = (await accessControlProvider.can!({ resource: '/data/collect/plan', action: 'activate' })).can;
    await expect.poll(() => seen.at(-1), { timeout: 5_000 }).toBe(answer);
  });
});
