/**
 * What the sign-in page and the console's frame say. These load at start, in one chunk per language;
 * every other namespace loads with the page that uses it (its own small chunk).
 */
export const CORE_NAMESPACES = ['common', 'errors', 'validation', 'login', 'layout', 'menu', 'roles', 'password', 'personal', 'account'];
