import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Headless flags this closed-network machine needs: nothing may phone home, or connections pile up refused. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether the end-to-end suite can run; without Chromium it is left out with a notice (an error under REQUIRE_CHROMIUM=1). */
export function chromiumForTests(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.REQUIRE_CHROMIUM === '1') throw new Error(`REQUIRE_CHROMIUM=1 but there is no Chromium at ${CHROMIUM}`);
  console.warn(`\n[notice] No Chromium at ${CHROMIUM} (apt-get install -y chromium): the end-to-end suite is left out.\n`);
  return false;
}
