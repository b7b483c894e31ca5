import { cipherDigest } from './spec-client';

/** A client of a running server over real HTTP, from spec §7 alone. */
export function httpClient(base: string) {
  const call = async (method: string, url: string, { body, token }: { body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    call,
    nonce: async () => (await call('GET', '/console/nonce/generate')).body.data as { id: string; randomKey: string },
    signInWith: (nonce: { id: string; randomKey: string }, tenantCode: string, code: string, password: string) =>
      call('POST', '/console/account/login/code-pwd', { body: { tenantCode, code, cipherDigest: cipherDigest(password, nonce.randomKey), nonceId: nonce.id } }),
  };
}
