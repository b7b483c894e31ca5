import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchNonce } from '../../../providers/auth';
import { api } from '../../../providers/http';
import { notifier } from '../../../providers/notifier';
import { sessionStore } from '../../../providers/session-store';
import type { AccountRecord } from '../../../../model/schemas/account';

export interface BasicInfo {
  name: string;
  email?: string;
  description?: string;
}

/** Saves the caller's own name, email and description, and keeps the stored user info in step. */
export function useSaveBasicInfo() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (values: BasicInfo) => api.post<AccountRecord>('/console/account/modify-self-basic-info', values),
    onSuccess: (account) => {
      const { token, userInfo } = sessionStore.snapshot();
      if (token && userInfo) sessionStore.renew(token, account, userInfo.tenant);
      notifier.success(t('personal:saved'));
    },
  });
}

/** Spec §5 password change; every session of the account ends, so the user signs in again (spec §8). */
export function useChangePassword() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) => {
      const [nonce, { cipherDigest, encrypt }] = await Promise.all([fetchNonce(), import('../../../providers/password')]);
      return api.post('/console/account/modify-self-pwd', {
        nonceId: nonce.id,
        oldCipherDigest: cipherDigest(oldPassword, nonce.randomKey),
        newCipherDigest: cipherDigest(newPassword, nonce.randomKey),
        newCipherPassword: encrypt(newPassword, nonce.randomKey),
      });
    },
    onSuccess: () => {
      notifier.success(t('password:changed'));
      sessionStore.clear('signedOut'); // the route guard takes the user to sign-in
    },
  });
}
