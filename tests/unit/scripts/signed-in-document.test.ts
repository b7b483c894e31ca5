import { describe, expect, it } from 'vitest';
import { signedInHtml, startChunksPreloaded, type SignedInParts } from '../../../scripts/signed-in-document';
import { EARLY_STYLES } from '../../../src/boot/early-styles';

/** index.html as vite writes it for the console. */
const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <script type="module" crossorigin src="/app/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/app/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const PARTS: SignedInParts = {
  base: '/app/',
  entryStyles: [{ fileName: 'assets/index-1.css', source: 'body{margin:0}\n' }],
  chunks: [
    { fileName: 'assets/shared-1.js', styles: [] },
    { fileName: 'assets/signed-in-1.js', styles: ['assets/signed-in-1.css'] },
  ],
  frame: { script: "document.getElementById('root').textContent='EDP'", style: '.edp-first-frame{display:flex}' },
};

describe('the signed-in document', () => {
  const html = signedInHtml(INDEX, PARTS);
  const documentOf = (source: string) => new DOMParser().parseFromString(source, 'text/html');

  it('holds no stylesheet that the first paint would wait for: the entry’s styles are inline, the chunks’ preloaded and linked for print', () => {
    const document = documentOf(html);
    const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')];
    // for print: not the screen's until the shell applies them (src/app/early-styles.ts), parsed as they come meanwhile
    expect(sheets.map((link) => `${link.getAttribute('media')} ${link.getAttribute('href')}`)).toEqual(['print /app/assets/signed-in-1.css']);
    expect(sheets.every((link) => link.matches(EARLY_STYLES) && link.hasAttribute('crossorigin'))).toBe(true); // the preload's mode, or it goes unused
    expect([...document.querySelectorAll('head > style')].map((style) => style.textContent)).toEqual(['body{margin:0}', '.edp-first-frame{display:flex}']);
    const preloads = [...document.querySelectorAll('link[rel="preload"], link[rel="modulepreload"]')].map(
      (link) => `${link.getAttribute('rel')} ${link.getAttribute('href')}`,
    );
    expect(preloads).toEqual(['modulepreload /app/assets/shared-1.js', 'modulepreload /app/assets/signed-in-1.js', 'preload /app/assets/signed-in-1.css']);
    expect(document.querySelector('link[rel="preload"]')!.getAttribute('as')).toBe('style');
    expect(document.querySelector('link[rel="preload"]')!.hasAttribute('crossorigin')).toBe(true); // as the import's link asks, or the preload goes unused
  });

  it('runs the frame’s script as the parser meets the root: a classic script right after it', () => {
    const root = documentOf(html).getElementById('root')!;
    const script = root.nextElementSibling!;
    expect(script.tagName).toBe('SCRIPT');
    expect(script.getAttribute('type')).toBeNull();
    expect(script.textContent).toBe(PARTS.frame.script);
  });

  it('fails the build rather than write a document that does not work', () => {
    expect(() => signedInHtml(INDEX.replace('<div id="root"></div>', '<main></main>'), PARTS)).toThrow(/no <div id="root">/);
    expect(() => signedInHtml(INDEX, { ...PARTS, entryStyles: [{ fileName: 'assets/other.css', source: '' }] })).toThrow(/other\.css/);
    expect(() => signedInHtml(INDEX, { ...PARTS, frame: { ...PARTS.frame, script: "'</script>'" } })).toThrow(/end early/);
  });
});

describe('the chunks every document preloads', () => {
  it('preloads, in the order given, the chunks the entry imports one after another, so none of them waits for the one before it to be found', () => {
    const html = startChunksPreloaded(INDEX, '/app/', ['assets/i18n-1.js', 'assets/start-1.js', 'assets/app-1.js', 'assets/react-root-1.js']);
    const document = new DOMParser().parseFromString(html, 'text/html');
    const preloads = [...document.querySelectorAll('head > link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/app/assets/i18n-1.js',
      '/app/assets/start-1.js',
      '/app/assets/app-1.js',
      '/app/assets/react-root-1.js',
    ]);
    expect(preloads.every((link) => link.hasAttribute('crossorigin'))).toBe(true); // the import's mode, or the preload goes unused
    expect(document.querySelector('script[type="module"]')!.getAttribute('src')).toBe('/app/assets/index-1.js');
  });

  it('fails the build on a document without a head to put them in', () => {
    expect(() => startChunksPreloaded('<body></body>', '/app/', ['assets/i18n-1.js'])).toThrow(/no <\/head>/);
  });
});
