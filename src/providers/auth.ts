import type { AuthProvider } from '@refinedev/core';
import type { SignInResult } from '../../model/schemas/session';
import { homePath } from '../../model/resources/index';
import { SIGN_IN_PATH } from '../../model/resources/sign-in-path';
import { api } from './http';
import { HttpError } from './http-errors';
import { i18n } from './i18n';
import { notifier } from './notifier';
import { currentPermissions } from './permissions';
import { sessionRequests } from './session-requests';
import { sessionStore } from './session-store';
import { rememberAccountName, rememberSpaceCode } from './sign-in-history';

/** Spec §3 "Login payload (form)". */
export interface SignInValues {
  tenantCode: string;
  accountName: string;
  password: string;
}

export const fetchNonce = () => api.get<{ id: string; randomKey: string }>('/console/nonce/generate');

/** Spec §4 sign-in, session load and logout, in Refine's result-object style (nothing throws for control flow). */
export const authProvider: AuthProvider = {
  login: async (values: SignInValues) => {
    const tenantCode = values.tenantCode.trim();
    const accountName = values.accountName.trim();
    try {
      const [nonce, { cipherDigest }] = await Promise.all([fetchNonce(), import('./password')]); // crypto-js loads on submit
      const result = await api.post<SignInResult>('/console/account/login/code-pwd', {
        tenantCode,
        code: accountName,
        cipherDigest: cipherDigest(values.password, nonce.randomKey),
        nonceId: nonce.id,
      });
      sessionStore.save(result.sessionKey, result.account, result.tenant);
      rememberSpaceCode(tenantCode);
      rememberAccountName(tenantCode, accountName);
      notifier.success(i18n.t('login:success'));
      return { success: true, redirectTo: homePath(result.account.role) };
    } catch {
      return { success: false }; // spec §4: silent here; the HTTP layer has shown why
    }
  },

  logout: async () => {
    const sessionKey = sessionStore.token();
    if (sessionKey) await api.post('/console/account/logout', { sessionKey }).catch(() => undefined);
    sessionStore.clear('signedOut');
    return { success: true, redirectTo: SIGN_IN_PATH };
  },

  check: async () => (sessionStore.token() ? { authenticated: true } : { authenticated: false, logout: true, redirectTo: SIGN_IN_PATH }),

  onError: async (error) => (error instanceof HttpError && error.statusCode === 403 ? { logout: true, redirectTo: SIGN_IN_PATH, error } : {}),

  /** Spec §4 session load: the current user, stored again (account merged with tenant). */
  getIdentity: async () => {
    const token = sessionStore.token();
    if (!token) return null;
    const { account, tenant } = await sessionRequests.currentUser();
    return sessionStore.renew(token, account, tenant);
  },

  getPermissions: async () => currentPermissions(),
};
