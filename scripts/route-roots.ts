import path from 'node:path';

export const SRC = path.resolve(import.meta.dirname, '../src');
/** React's renderer, which the entry imports at start (src/main.tsx): every page loads it, beside the entry. */
export const REACT_ROOT = path.join(SRC, 'app/react-root.ts');
/** The sign-in page: what a signed-out visitor loads. */
export const SIGN_IN = [path.join(SRC, 'pages/login/login-page.tsx'), REACT_ROOT];
/** What every signed-in list needs: the shell around it and the generated list page. */
export const SIGNED_IN = [path.join(SRC, 'app/console-shell.tsx'), path.join(SRC, 'components/schema/entity-list-page.tsx')];
