import { signInAnswer } from '../page/harness';

/**
 * Spec §7 sign-in (nonce + cipherDigest) from an address of its own (the server trusts
 * X-Forwarded-For here, TRUST_PROXY): the per-address ceilings of the sign-in calls are for one
 * person's browser, and fifty people come from fifty.
 */
export async function signInFrom(origin: string, address: string, tenantCode: string, code: string): Promise<string> {
  return (await signInAnswer(origin, address, tenantCode, code)).sessionKey as string;
}
