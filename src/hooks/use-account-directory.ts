import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../providers/http';
import type { AccountRecord } from '../schemas/account';
import { useSession } from './use-session';

export const ACCOUNT_DIRECTORY_KEY = ['account-directory'] as const;

/** Spec §3/§4: the tenant's accounts, fetched once after sign-in and kept as a lookup by code and by id. */
export function useAccountDirectory() {
  const { token } = useSession();
  const { data } = useQuery({
    queryKey: [...ACCOUNT_DIRECTORY_KEY, token],
    queryFn: () => api.get<{ records: AccountRecord[] }>('/console/account/query', { pageSize: -1, pageNum: 1 }),
    enabled: Boolean(token),
    staleTime: Infinity,
  });
  return useMemo(() => {
    const records = data?.records ?? [];
    return { records, byId: new Map(records.map((account) => [account.id, account])), byCode: new Map(records.map((account) => [account.code, account])) };
  }, [data]);
}
