import { lazy, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCatalogues } from '../../../../src/screens/hooks/use-catalogues';
import { hasNamespaces, i18n } from '../../../../src/providers/i18n';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false; // React's own scheduling, as in the browser

/** A page that names its namespaces, then keeps state of its own (the hooks after the suspension point). */
function Page({ namespace }: { namespace: string }) {
  useCatalogues([namespace]);
  const [label] = useState(() => i18n.t(`${namespace}:_`));
  return <p>{label}</p>;
}

/** Lazy, as every page is: its code arrives, then it renders again on its own (a retry) and suspends for its texts. */
const LazyPage = lazy(async () => ({ default: Page }));

afterEach(() => vi.restoreAllMocks());

/**
 * Renders the page the way a first visit does, and collects what React had to recover from (the
 * production build's #520) and what it warned about (the development build says what went wrong).
 */
async function open(namespace: string) {
  const container = document.createElement('div');
  const recovered: unknown[] = [];
  const warned = vi.spyOn(console, 'error');
  const root = createRoot(container, { onRecoverableError: (error) => recovered.push(error) });
  root.render(
    <Suspense fallback="loading">
      <LazyPage namespace={namespace} />
    </Suspense>,
  );
  await expect.poll(() => container.textContent, { timeout: 5_000 }).not.toMatch(/^(|loading)$/);
  const text = container.textContent;
  root.unmount();
  return { text, recovered, warnings: warned.mock.calls.map((call) => String(call[0])) };
}

describe('useCatalogues', () => {
  it('suspends a page until its namespaces are in, and React renders it without recovering from an error (React error #520)', async () => {
    expect(hasNamespaces(['bag'])).toBe(false);
    const { text, recovered, warnings } = await open('bag');
    expect(recovered).toEqual([]);
    expect(warnings).toEqual([]); // not "called use() to suspend in a previous render but did not call use() when it finished"
    expect(text).toBe('原始数据'); // bag:_, in by the time the page rendered
  });

  it('renders at once when they are in already', async () => {
    expect(hasNamespaces(['bag'])).toBe(true);
    expect(await open('bag')).toEqual({ text: '原始数据', recovered: [], warnings: [] });
  });
});
