/**
 * The chunks' stylesheets the signed-in document links for print (scripts/signed-in-document.ts):
 * the browser parses each as it comes, in a task of its own while the code still loads. Linked by
 * the route's import instead, the shell's 380 kB were parsed inside that task (~55-85 ms at 4× CPU).
 * Vite's import finds them linked and leaves them be; they are the screen's from here.
 */
export const EARLY_STYLES = 'link[rel="stylesheet"][data-edp-early]';

/** At most this long a stylesheet not in yet holds the shell: one whose load failed before anyone listened says so no more. */
const WAIT_MS = 10_000;

const loaded = (link: HTMLLinkElement) =>
  link.sheet
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true }); // drawn as it can be
        setTimeout(resolve, WAIT_MS);
      });

/** Applies the early stylesheets to the screen once they are in (the shell waits for this, as it would for its import's stylesheets). */
export function applyEarlyStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>(EARLY_STYLES)];
  return Promise.all(
    links.map((link) =>
      loaded(link).then(() => {
        link.removeAttribute('media');
        link.removeAttribute('data-edp-early');
      }),
    ),
  ).then(() => undefined);
}
