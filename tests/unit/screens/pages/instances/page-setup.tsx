import { QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../../../../src/providers/i18n';
import { createQueryClient } from '../../../../../src/providers/query-client';
import { installBrowserShims } from '../../../browser-shims';

/**
 * What the instance pages need of a browser that jsdom lacks: ResizeObserver, matchMedia, and a
 * log view with a height and a working scrollTo (so the virtualiser has rows to show).
 */
export function browserShims() {
  // The pages' texts, in before any test's clock starts (their first load is a transform of its own).
  beforeAll(() => loadNamespaces(['instanceLog', 'instance']), 30_000);
  beforeAll(() => {
    installBrowserShims();
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('edp-log-view') ? 400 : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('edp-log-view') ? 800 : 0;
      },
    });
    // the log view's content is as tall as its body says (the virtualiser sets it)
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        const body = this.classList.contains('edp-log-view') ? (this.firstElementChild as HTMLElement | null) : null;
        return body ? Math.max(parseFloat(body.style.height) || 0, 400) : 0;
      },
    });
    HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
      this.scrollTop = typeof options === 'object' ? (options.top ?? this.scrollTop) : (options ?? 0);
      setTimeout(() => this.dispatchEvent(new Event('scroll')));
    } as typeof HTMLElement.prototype.scrollTo;
  });
}

let root: Root | undefined;
let container: HTMLElement;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  container?.remove();
});

/** Where the router is now (a navigation is seen here). */
export const location = { pathname: '' };
function Where() {
  location.pathname = useLocation().pathname;
  return null;
}

/** Renders a page at `path`, matched by `pattern`, with the console's providers a page needs. */
export async function renderAt(page: ReactNode, pattern: string, path: string) {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>
            <Where />
            <Suspense fallback="loading">
              <Routes>
                <Route path={pattern} element={page} />
                <Route path="*" element={null} />
              </Routes>
            </Suspense>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    ),
  );
  return container;
}

export const byTestId = async (testId: string) => {
  await vi.waitFor(() => expect(document.querySelector(`[data-testid="${testId}"]`)).not.toBeNull(), { timeout: 10_000 });
  return document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
};
