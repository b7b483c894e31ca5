import { useInvalidate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DIRECTORY_KEY } from '../../hooks/use-account-directory';
import { fetchNonce } from '../../../providers/auth';
import { api } from '../../../providers/http';
import { notifier } from '../../../providers/notifier';
import type { AccountRecord } from '../../../../model/schemas/account';

export const ACCOUNTS_RESOURCE = '/console/space/account';

export interface NewAccount {
  roles: string[];
  accountCode: string;
  accountName: string;
  password: string;
  description?: string;
}

/** Refreshes the accounts list and the account lookup after a change. */
function useAccountsChanged() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_DIRECTORY_KEY });
    void invalidate({ resource: ACCOUNTS_RESOURCE, invalidates: ['list'] });
  };
}

/** Spec §4 account creation: request a nonce, submit, toast 创建成功, return the result. */
export function useCreateAccount() {
  const { t } = useTranslation();
  const changed = useAccountsChanged();
  return useMutation({
    // Fields are picked one by one: the form also holds the confirmation, which must not travel.
    mutationFn: async ({ roles, password, accountCode, accountName, description }: NewAccount) => {
      const [nonce, { cipherDigest, encrypt }] = await Promise.all([fetchNonce(), import('../../../providers/password')]);
      return api.post<AccountRecord>('/console/account/create-account', {
        accountCode,
        accountName,
        description,
        role: roles.join(','),
        nonceId: nonce.id,
        cipherDigest: cipherDigest(password, nonce.randomKey),
        cipherPassword: encrypt(password, nonce.randomKey),
      });
    },
    onSuccess: () => {
      notifier.success(t('account:created'));
      changed();
    },
  });
}

/** Resets another member's password; the one-time password comes back once. */
export function useResetPassword() {
  const changed = useAccountsChanged();
  return useMutation({
    mutationFn: (accountId: number) => api.post<{ accountId: number; password: string }>('/console/account/reset-other-account-pwd', { accountId }),
    onSuccess: changed,
  });
}

/** The roles the caller may give a new account. */
export const useRoleOptions = () =>
  useQuery({ queryKey: ['assignable-roles'], queryFn: () => api.get<{ code: string }[]>('/console/account/list-role-v2'), staleTime: Infinity });
