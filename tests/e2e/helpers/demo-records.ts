import { expect } from 'vitest';
import { apiSignIn, baseUrl } from './browser';

/** Records of an entity as `tenant/code` may list them, all of them, filtered by `query`. */
export async function queryAs(tenant: string, code: string, api: string, query: Record<string, string>) {
  const { sessionKey } = await apiSignIn(tenant, code);
  const response = await fetch(`${baseUrl()}/api/v1${api}/query?${new URLSearchParams({ pageSize: '-1', ...query })}`, {
    headers: { authorization: `Bearer ${sessionKey}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()).data.records as Record<string, unknown>[];
}

/** A demo artifact that has passed its CT (a success and no failure): what a package may publish. */
export async function passedArtifact(): Promise<number> {
  const failed = new Set((await queryAs('demo', 'admin', '/deployment/ct-record', { status: 'failed' })).map((row) => row.artifactId));
  const passed = (await queryAs('demo', 'admin', '/deployment/ct-record', { status: 'success' })).find((row) => !failed.has(row.artifactId));
  expect(passed).toBeDefined();
  return Number(passed!.artifactId);
}
