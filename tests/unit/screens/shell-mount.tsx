import { Refine } from '@refinedev/core';
import { http as mock, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { act, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { accessControlProvider } from '../../../src/providers/access-control';
import { dataProvider } from '../../../src/providers/data';
import { i18n } from '../../../src/providers/i18n';
import { createQueryClient } from '../../../src/providers/query-client';
import { refineResources } from '../../../src/root/refine-resources';
import { mountedRoot } from '../mounted-root';
import { envelope } from '../msw';

/** Where the router is now: a followed link is seen here. */
export const location = { pathname: '' };
function Where() {
  location.pathname = useLocation().pathname;
  return null;
}

/**
 * `node` mounted as the signed-in shell mounts a page's parts: Refine with the console's data and
 * access providers and a fresh query cache, the texts, and a router at `path`.
 */
export async function mountInShell(node: ReactNode, path = '/') {
  const { root, container } = mountedRoot();
  await act(async () =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <Refine
          dataProvider={dataProvider}
          accessControlProvider={accessControlProvider}
          resources={refineResources}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: createQueryClient() } }}
        >
          <MemoryRouter initialEntries={[path]}>
            <Where />
            <Suspense fallback="loading">{node}</Suspense>
          </MemoryRouter>
        </Refine>
      </I18nextProvider>,
    ),
  );
  return container;
}

/** The space's account names, which tables' cells ask for: none here. */
export const noAccounts = (server: SetupServer) =>
  server.use(mock.get('*/api/v1/console/account/query', () => HttpResponse.json(envelope({ records: [], total: 0 }))));

export const byTestId = async (testId: string, within: ParentNode = document) => {
  await vi.waitFor(() => expect(within.querySelector(`[data-testid="${testId}"]`), testId).not.toBeNull(), { timeout: 15_000 });
  return within.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
};

/** The button whose text is `text` (spaces aside: antd spaces two CJK characters apart). */
export const buttonNamed = (text: string, within: ParentNode = document) =>
  [...within.querySelectorAll('button')].find((button) => button.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''));

/** Text typed into an input as a person types it: React hears an input event with the new value. */
export const typeInto = (input: HTMLInputElement, text: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

/** Answers yes to the confirmation popup open now, once it asks `question`. */
export async function confirmPopup(question: string) {
  const open = () => document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)');
  await vi.waitFor(() => expect(open()?.textContent).toContain(question));
  await act(async () => buttonNamed('确定', open()!)!.click());
}
