import { SIGN_IN_PATH } from './sign-in-path.ts';

/** index.html with the signed-in area's chunks preloaded and its frame drawn at once (scripts/signed-in-document.ts writes it). */
export const SIGNED_IN_DOCUMENT = 'signed-in.html';

/**
 * The document of a console route: the sign-in page's loads only its own code; any other route is
 * (or is about to be) signed in, and starts its chunks beside the entry, not after it ran.
 */
export const documentFor = (route: string, hasSignedIn: boolean) =>
  !hasSignedIn || route === SIGN_IN_PATH || route.startsWith(`${SIGN_IN_PATH}/`) ? 'index.html' : SIGNED_IN_DOCUMENT;
