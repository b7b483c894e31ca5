import { useQuery } from '@tanstack/react-query';
import type { AccountRecord } from '../../../model/schemas/account';
import { sessionRequests } from '../../providers/session-requests';
import { useSession } from './use-session';

export const ACCOUNT_DIRECTORY_KEY = ['account-directory'] as const;

export interface AccountDirectory {
  records: AccountRecord[];
  byId: Map<number, AccountRecord>;
  byCode: Map<string, AccountRecord>;
}

/** The lookups of one answer, made once however many components read it. */
const lookups = new WeakMap<object, AccountDirectory>();
const NONE: AccountDirectory = { records: [], byId: new Map(), byCode: new Map() };
function directoryOf(data: { records: AccountRecord[] } | undefined): AccountDirectory {
  if (!data) return NONE;
  let directory = lookups.get(data);
  if (!directory) {
    const { records } = data;
    directory = { records, byId: new Map(records.map((account) => [account.id, account])), byCode: new Map(records.map((account) => [account.code, account])) };
    lookups.set(data, directory);
  }
  return directory;
}

/** Spec §3/§4: the tenant's accounts, fetched once after sign-in and kept as a lookup by code and by id. */
export function useAccountDirectory(): AccountDirectory {
  const { token, userInfo } = useSession();
  const { data } = useQuery({
    queryKey: [...ACCOUNT_DIRECTORY_KEY, token],
    queryFn: sessionRequests.accountDirectory,
    // An account that must still change its one-time password is refused the list (428) until it has.
    enabled: Boolean(token && userInfo && !userInfo.mustChangePassword),
    staleTime: Infinity,
    // Sent with the entry script and mostly in before the page renders: without it, every name of the
    // page's first render was drawn again once the directory's promise settled.
    initialData: sessionRequests.answeredDirectory,
  });
  return directoryOf(data);
}
