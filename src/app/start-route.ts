import { startConsole } from './route-data';

/** How long the first render waits for the route's code at most: a stalled chunk must not keep the page blank. */
const CODE_WAIT_MS = 3000;

// Evaluated before React and the rest of the entry (main.tsx imports it first): a signed-in route's
// code and data leave while those load and run (issue #11).
const started = startConsole(location.pathname.replace(/^\/app(?=\/|$)/, '') || '/', location.search);

/** Settles when the route's code is in, or after CODE_WAIT_MS: main.tsx renders then. */
export const routeCodeReady = Promise.race([started, new Promise((resolve) => setTimeout(resolve, CODE_WAIT_MS))]);
