import type { Runner } from './runner';

/**
 * The runner this server process runs instances with, once its runs worker started (none in a
 * process that only serves the API: a terminate there is carried out by the process holding the run).
 */
let current: Runner | null = null;

export const useRunner = (runner: Runner | null) => void (current = runner);
export const currentRunner = () => current;
