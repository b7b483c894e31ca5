import path from 'node:path';

export const SRC = path.resolve(import.meta.dirname, '../src');
/** React's renderer, which the entry imports at start (src/main.tsx): every page loads it, beside the entry. */
export const REACT_ROOT = path.join(SRC, 'boot/react-root.ts');
/**
 * What the entry imports at start, one after another (src/main.tsx), each then evaluated in a task of
 * its own, in a chunk of its own: i18n, the route's early loads, the router and its routes, React's
 * renderer. Every page loads them, beside the entry. The renderer's chunk is named here, not left to
 * the default split: a lazy page that also renders with it (the charts) would otherwise share a chunk
 * with it that nothing preloads.
 */
export const BOOT = [
  { chunk: 'i18n', root: path.join(SRC, 'providers/i18n.ts') },
  { chunk: 'start', root: path.join(SRC, 'root/start.ts') },
  { chunk: 'app', root: path.join(SRC, 'root/index.ts') },
  { chunk: 'react-root', root: REACT_ROOT },
];
/** The sign-in page: what a signed-out visitor loads. */
export const SIGN_IN = [path.join(SRC, 'screens/pages/login/login-page.tsx'), REACT_ROOT];
/** What every signed-in list needs: the shell around it and the generated list page. */
export const SIGNED_IN = [path.join(SRC, 'root/console-shell.tsx'), path.join(SRC, 'screens/components/schema/list/entity-list-page.tsx')];
/** The shell alone: the generated list page's own modules are a chunk after it (scripts/route-chunks.ts). */
export const SHELL = SIGNED_IN.slice(0, 1);
