/** Spec §2: the console's one page for the signed-out; the server serves it without the signed-in chunks. */
export const SIGN_IN_PATH = '/login';
