import type { FastifyInstance } from 'fastify';
import { cipherDigest, encrypt } from './spec-client';
import { SEED_PASSWORD } from './test-app';

export interface Reply {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

interface Options {
  token?: string;
  query?: Record<string, string>;
  remoteAddress?: string;
}

/** Every call comes from its own address unless the test names one, so per-address limits bite only where tested. */
const someAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** Calls /api/v1 through app.inject, the way a client written from spec §7 would. */
export function apiOf(app: FastifyInstance) {
  const call = async (method: 'GET' | 'POST', url: string, body: unknown, { token, query, remoteAddress = someAddress() }: Options = {}): Promise<Reply> => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      query,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
      remoteAddress,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  const api = {
    get: (url: string, options?: Options) => call('GET', url, undefined, options),
    post: (url: string, body: unknown, options?: Options) => call('POST', url, body, options),
    nonce: async (options?: Options): Promise<{ id: string; randomKey: string }> =>
      (await call('GET', '/console/nonce/generate', undefined, options)).body.data,
    signIn: async (tenantCode: string, code: string, password: string, options?: Options) => {
      const { id, randomKey } = await api.nonce(options);
      return api.post('/console/account/login/code-pwd', { tenantCode, code, cipherDigest: cipherDigest(password, randomKey), nonceId: id }, options);
    },
    /** Signs in and returns the sessionKey, failing loudly otherwise. */
    token: async (tenantCode: string, code: string, password = SEED_PASSWORD): Promise<string> => {
      const reply = await api.signIn(tenantCode, code, password);
      if (reply.status !== 200) throw new Error(`sign-in of ${tenantCode}/${code} failed: ${JSON.stringify(reply.body)}`);
      return reply.body.data.sessionKey;
    },
    /**
     * Signs in with a one-time password (a new space's administrator, a reset), changes it, as the
     * API requires before any other call, and returns a session of the account's own password.
     */
    ownToken: async (tenantCode: string, code: string, oneTimePassword: string, ownPassword = 'Own-Pass-2026'): Promise<string> => {
      const first = await api.token(tenantCode, code, oneTimePassword);
      const changed = await api.changePassword(first, oneTimePassword, ownPassword);
      if (changed.status !== 200) throw new Error(`password change of ${tenantCode}/${code} failed: ${JSON.stringify(changed.body)}`);
      return api.token(tenantCode, code, ownPassword);
    },
    createAccount: async (
      token: string,
      fields: { role: string; accountCode: string; accountName: string; password: string; description?: string; withPassword?: boolean },
    ) => {
      const { id, randomKey } = await api.nonce();
      const { password, withPassword = true, ...rest } = fields;
      return api.post(
        '/console/account/create-account',
        { ...rest, nonceId: id, cipherDigest: cipherDigest(password, randomKey), ...(withPassword ? { cipherPassword: encrypt(password, randomKey) } : {}) },
        { token },
      );
    },
    changePassword: async (token: string, oldPassword: string, newPassword: string, digestOf = newPassword) => {
      const { id, randomKey } = await api.nonce();
      return api.post(
        '/console/account/modify-self-pwd',
        {
          nonceId: id,
          oldCipherDigest: cipherDigest(oldPassword, randomKey),
          newCipherDigest: cipherDigest(digestOf, randomKey),
          newCipherPassword: encrypt(newPassword, randomKey),
        },
        { token },
      );
    },
  };
  return api;
}
export type Api = ReturnType<typeof apiOf>;
