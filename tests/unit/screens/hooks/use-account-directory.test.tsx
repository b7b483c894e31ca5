import { QueryClientProvider } from '@tanstack/react-query';
import { http as mock, HttpResponse } from 'msw';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useAccountDirectory } from '../../../../src/screens/hooks/use-account-directory';
import { createQueryClient } from '../../../../src/providers/query-client';
import { sessionRequests } from '../../../../src/providers/session-requests';
import { sessionStore } from '../../../../src/providers/session-store';
import { accountOf, tenantOf } from '../../fixtures';
import { mountedRoot } from '../../mounted-root';
import { envelope, mockApi } from '../../msw';

const server = mockApi();
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useAccountDirectory', () => {
  it('has the early answer in its first render, without asking again', async () => {
    sessionStore.save('token', accountOf('tenant_admin'), tenantOf(false));
    const accounts = [accountOf('rd'), { ...accountOf('tele_operator'), id: 99, code: 'pilot' }];
    let asked = 0;
    server.use(
      mock.get('*/api/v1/console/account/query', () => {
        asked += 1;
        return HttpResponse.json(envelope({ records: accounts, total: accounts.length }));
      }),
      mock.get('*/api/v1/console/account/get-cur-user-info', () =>
        HttpResponse.json(envelope({ account: accountOf('tenant_admin'), tenant: tenantOf(false) })),
      ),
    );
    sessionRequests.startEarly();
    await expect.poll(() => asked).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20)); // its answer read

    const seen: number[] = [];
    function Names() {
      seen.push(useAccountDirectory().records.length);
      return null;
    }
    const { root } = mountedRoot();
    await act(async () =>
      root.render(
        <QueryClientProvider client={createQueryClient()}>
          <Names />
        </QueryClientProvider>,
      ),
    );
    expect(seen[0]).toBe(2);
    expect(new Set(seen)).toEqual(new Set([2]));
    expect(asked).toBe(1);
  });
});
