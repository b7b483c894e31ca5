import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyEarlyStyles, EARLY_STYLES } from '../../../src/boot/early-styles';

/** A stylesheet as the signed-in document links it early (scripts/signed-in-document.ts); `loaded` as if its sheet were in. */
function earlyLink(loaded: boolean) {
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', media: 'print', href: '/app/assets/signed-in-1.css' });
  link.setAttribute('data-edp-early', '');
  if (loaded) Object.defineProperty(link, 'sheet', { value: {} });
  document.head.append(link);
  return link;
}

const onScreen = (link: HTMLLinkElement) => !link.hasAttribute('media') && !link.matches(EARLY_STYLES);

afterEach(() => {
  document.head.replaceChildren();
  vi.useRealTimers();
});

describe('the stylesheets the signed-in document brings early', () => {
  it('puts a sheet already in on the screen at once', async () => {
    const link = earlyLink(true);
    await applyEarlyStyles();
    expect(onScreen(link)).toBe(true);
  });

  it('waits for a sheet still coming: the shell is not drawn without its styles', async () => {
    const link = earlyLink(false);
    let applied = false;
    const applying = applyEarlyStyles().then(() => (applied = true));
    await Promise.resolve();
    expect(applied).toBe(false);
    expect(link.getAttribute('media')).toBe('print');
    link.dispatchEvent(new Event('load'));
    await applying;
    expect(onScreen(link)).toBe(true);
  });

  it('holds the shell no longer than 10 s for a sheet whose load failed unheard, and draws it as it can', async () => {
    vi.useFakeTimers();
    const link = earlyLink(false);
    const applying = applyEarlyStyles();
    await vi.advanceTimersByTimeAsync(10_000);
    await applying;
    expect(onScreen(link)).toBe(true);
  });

  it('settles at once where the document brought none (the sign-in document, a later load)', async () => {
    await expect(applyEarlyStyles()).resolves.toBeUndefined();
  });
});
