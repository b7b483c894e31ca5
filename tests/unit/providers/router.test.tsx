import { ResourceContext, type ParseResponse } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { refineResources } from '../../../src/root/refine-resources';
import { LIST_PAGE_SIZE } from '../../../src/providers/list-params';
import { refineRouter } from '../../../src/providers/router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What Refine's hooks learn of the route at `url` (matched by `pattern`) through both bindings' parse. */
async function parsedBy(url: string, pattern: string) {
  const answers: { ours?: ParseResponse; bindings?: ParseResponse } = {};
  function Probe() {
    answers.ours = refineRouter.parse!()();
    answers.bindings = routerProvider.parse!()();
    return null;
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <ResourceContext.Provider value={{ resources: refineResources }}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={pattern} element={<Probe />} />
          </Routes>
        </MemoryRouter>
      </ResourceContext.Provider>,
    ),
  );
  await act(async () => root.unmount());
  return answers;
}

/** The browser at `address` (under /app), the console's router rendering `page` on `path` and nothing elsewhere. */
async function openAt(address: string, path: string, page: ReactElement) {
  window.history.replaceState(null, '', `/app${address}`);
  const root = createRoot(document.createElement('div'));
  await act(async () =>
    root.render(
      <BrowserRouter basename="/app">
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={null} />
        </Routes>
      </BrowserRouter>,
    ),
  );
  return root;
}

describe('the router bindings Refine parses the route with', () => {
  it.each([
    ['a list', '/data/lake/raw-data', '/data/lake/raw-data'],
    [
      'a list with its table state',
      '/data/lake/raw-data?currentPage=3&pageSize=50&sorters[0][field]=bagSize&sorters[0][order]=asc&filters[0][field]=bagName&filters[0][operator]=contains&filters[0][value]=shelf',
      '/data/lake/raw-data',
    ],
    ['a page size that is no number', '/data/lake/training-data?pageSize=all&currentPage=02', '/data/lake/training-data'],
    ['a record page', '/data/lake/raw-data-detail/5', '/data/lake/raw-data-detail/:dataId'],
    ['a record page with an id parameter', '/device/robot/overview/7?to=%2Fhome', '/device/robot/overview/:id'],
    ['a path no resource has', '/nowhere/at/all', '*'],
  ])('answers as the react-router bindings do, field for field: %s', async (_case, url, pattern) => {
    const { ours, bindings } = await parsedBy(url, pattern);
    expect(ours).toEqual(bindings);
    expect(ours!.pathname).toBe(url.split('?')[0]);
  });

  it('finds the resource of a list route and its table state', async () => {
    const { ours } = await parsedBy('/data/lake/raw-data?currentPage=3&pageSize=50', '/data/lake/raw-data');
    expect(ours).toMatchObject({ resource: { name: '/data/lake/raw-data' }, action: 'list', params: { currentPage: 3, pageSize: 50 } });
  });

  it("writes a page's table state into its URL, but not once the user has left the page", async () => {
    type Go = ReturnType<NonNullable<typeof refineRouter.go>>;
    let go: Go | undefined;
    function List() {
      go = refineRouter.go!();
      return null;
    }
    const root = await openAt('/data/ticket/managed', '/data/ticket/managed', <List />);
    await act(async () => void go!({ type: 'replace', options: { keepQuery: true }, query: { pageSize: 20, currentPage: 1 } }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/app/data/ticket/managed?pageSize=20&currentPage=1');
    // The user goes elsewhere; the list, still on screen while the next page loads, writes its state again.
    window.history.pushState(null, '', '/app/console/space/personal?tab=password');
    await act(async () => void go!({ type: 'replace', options: { keepQuery: true }, query: { pageSize: 20, currentPage: 1 } }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/app/console/space/personal?tab=password');
    // A navigation that names where it goes still goes there.
    await act(async () => void go!({ to: '/data/ticket/managed', type: 'push' }));
    expect(window.location.pathname).toBe('/app/data/ticket/managed');
    await act(async () => root.unmount());
  });

  it('drops a URL update that would not change the URL: it was a navigation, so a render, all the same', async () => {
    type Go = ReturnType<NonNullable<typeof refineRouter.go>>;
    let go: Go | undefined;
    const renders: string[] = [];
    function List() {
      go = refineRouter.go!();
      const { search } = useLocation();
      renders.push(search);
      return null;
    }
    const first = `?pageSize=${LIST_PAGE_SIZE}&currentPage=1`;
    const root = await openAt(`/data/lake/raw-data${first}`, '/data/lake/raw-data', <List />);
    const table = (query: Record<string, number>) => act(async () => void go!({ type: 'replace', options: { keepQuery: true }, query }));
    await table({ pageSize: LIST_PAGE_SIZE, currentPage: 1 });
    expect(renders).toEqual([first]);
    const second = `?pageSize=${LIST_PAGE_SIZE}&currentPage=2`;
    await table({ pageSize: LIST_PAGE_SIZE, currentPage: 2 });
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/app/data/lake/raw-data${second}`);
    expect(renders).toEqual([first, second]);
    await table({ pageSize: LIST_PAGE_SIZE, currentPage: 2 });
    expect(renders).toEqual([first, second]);
    await act(async () => root.unmount());
  });
});
