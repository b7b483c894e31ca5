import { cipherDigest } from '../../tests/server/helpers/spec-client';
import { PASSWORD } from '../page/harness';

/**
 * Spec §7 sign-in (nonce + cipherDigest) from an address of its own (the server trusts
 * X-Forwarded-For here, TRUST_PROXY): the per-address ceilings of the sign-in calls are for one
 * person's browser, and fifty people come from fifty.
 */
export async function signInFrom(origin: string, address: string, tenantCode: string, code: string): Promise<string> {
  const from = { 'x-forwarded-for': address };
  const nonce = (await (await fetch(`${origin}/api/v1/console/nonce/generate`, { headers: from })).json()).data;
  const response = await fetch(`${origin}/api/v1/console/account/login/code-pwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from },
    body: JSON.stringify({ tenantCode, code, cipherDigest: cipherDigest(PASSWORD, nonce.randomKey), nonceId: nonce.id }),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`sign-in of ${tenantCode}/${code}: ${JSON.stringify(body)}`);
  return body.data.sessionKey as string;
}
