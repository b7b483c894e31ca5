import { ensureConsoleBuild } from '../../../server/console/ensure-build';

/**
 * Builds the console once, before any test starts: a test that starts the server as `npm start` does
 * would build it otherwise, two at once when it starts two servers, while other files run beside it
 * on the same cores.
 */
export function setup() {
  ensureConsoleBuild((message) => console.log(message));
}
