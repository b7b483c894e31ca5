import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type ServerProcess } from '../server/helpers/server-process';

export const E2E_PASSWORD = 'E2e-Pass-2026';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    seedPassword: string;
  }
}

let server: ServerProcess | undefined;
let dataDir: string | undefined;

/** `npm start` on a fresh data directory: builds the console if needed, seeds, serves. */
export async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'edp-e2e-'));
  // Behind a "proxy": each browser context and API client sends its own X-Forwarded-For, so the
  // per-address sign-in limits see many users rather than one busy test machine.
  server = await startServer({ DATA_DIR: dataDir, EDP_SEED_PASSWORD: E2E_PASSWORD, TRUST_PROXY: 'true' });
  if (server.child.exitCode !== null) throw new Error(`the server did not start:\n${server.output()}`);
  project.provide('baseUrl', `http://127.0.0.1:${server.port}`);
  project.provide('seedPassword', E2E_PASSWORD);
}

export async function teardown() {
  await server?.stop('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
