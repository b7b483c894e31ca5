import { useSession } from '../../hooks/use-session';

/** The signed-in account's code: whose jobs are "mine", who manages a ticket. */
export const useMe = (): string => String(useSession().userInfo?.code ?? '');

/** What the signed-in account is to a ticket: one of its managers, one of its members, both or neither. */
export function useTicketRole(record: Record<string, unknown>) {
  const me = useMe();
  const managers = (record.managers as string[] | undefined) ?? [];
  const operators = (record.operators as string[] | undefined) ?? [];
  return { me, manages: managers.includes(me), works: operators.includes(me) };
}
