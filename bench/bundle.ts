/**
 * npm run bench:bundle — the JavaScript a cold browser fetches for the sign-in route, the accounts
 * list route and the raw-data list (the largest list: its filters, bulk tools and upload button), measured in Chromium against `npm start` on a fresh data directory.
 * Prints, per route, the gzip size (each script gzipped at level 9, as the server's .gz files),
 * the bytes actually transferred (the server sends brotli when the browser accepts it) and the
 * number of scripts. Targets: sign-in ≤ 200 kB, list route ≤ 400 kB gzip.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM } from '../tests/chromium-for-tests';
import { startServer } from '../tests/server/helpers/server-process';

const PASSWORD = 'Bench-Pass-2026';
const TARGETS_KB = { 'sign-in (/app/login)': 200, 'accounts list (/app/console/space/account)': 400, 'raw-data list (/app/data/lake/raw-data)': 400 };

interface Script {
  url: string;
  gzip: number;
  transferred: number;
}

async function scriptsOf(page: Page, load: () => Promise<void>): Promise<Script[]> {
  const pending: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return { url: response.url(), gzip: gzipSync(body, { level: 9 }).length, transferred: sizes.responseBodySize };
      })(),
    );
  });
  await load();
  await page.waitForLoadState('networkidle');
  return Promise.all(pending);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edp-bench-'));
  const server = await startServer({ DATA_DIR: dataDir, EDP_SEED_PASSWORD: PASSWORD });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const app = `http://127.0.0.1:${server.port}/app`;
  try {
    const results: Record<string, Script[]> = {};
    const signIn = await (await browser.newContext()).newPage();
    results['sign-in (/app/login)'] = await scriptsOf(signIn, async () => {
      await signIn.goto(`${app}/login`);
      await signIn.locator('#tenantCode').waitFor();
    });
    // Sign in there, then open the list route in a fresh, cold page of the same session.
    await signIn.locator('#tenantCode').fill('demo');
    await signIn.locator('#accountName').fill('admin');
    await signIn.locator('#password').fill(PASSWORD);
    await signIn.locator('button[type=submit]').click();
    await signIn.waitForURL(/rawData/);
    const storage = await signIn.context().storageState();
    const list = await (await browser.newContext({ storageState: storage })).newPage();
    results['accounts list (/app/console/space/account)'] = await scriptsOf(list, async () => {
      await list.goto(`${app}/console/space/account`);
      await list.getByText('Demo Operator').waitFor();
    });
    const bags = await (await browser.newContext({ storageState: storage })).newPage();
    results['raw-data list (/app/data/lake/raw-data)'] = await scriptsOf(bags, async () => {
      await bags.goto(`${app}/data/lake/raw-data`);
      await bags.locator('.ant-table-row').first().waitFor();
      await bags.getByRole('button', { name: /上\s*传/ }).waitFor();
    });

    console.log('\nJavaScript fetched by a cold load (Chromium, production build):\n');
    console.log('route                                        scripts   gzip kB   transferred kB   target kB');
    for (const [route, scripts] of Object.entries(results)) {
      const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
      const transferred = scripts.reduce((sum, script) => sum + script.transferred, 0);
      const target = TARGETS_KB[route as keyof typeof TARGETS_KB];
      console.log(
        `${route.padEnd(44)} ${String(scripts.length).padStart(7)} ${kb(gzip).padStart(9)} ${kb(transferred).padStart(16)} ${String(target).padStart(11)}  ${gzip / 1024 <= target ? 'within' : 'OVER'}`,
      );
    }
    for (const [route, scripts] of Object.entries(results)) {
      console.log(`\n${route}, largest scripts (gzip kB):`);
      for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 8))
        console.log(`  ${kb(script.gzip).padStart(7)}  ${new URL(script.url).pathname}`);
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
