import { parseTableParams, type CrudFilter } from '@refinedev/core';
import { http as mock, HttpResponse } from 'msw';
import qs from 'qs';
import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../../src/boot/lazy-loaded';
import { pageLoaderOf } from '../../../src/root/page-loaders';
import { listRequest, openableRoute, routeAddress, startConsole, startRoute } from '../../../src/boot/route-data';
import { LIST_TOOLS, RECORD_PARTS } from '../../../src/screens/route-modules';
import { matchEntry } from '../../../model/resources/index';
import { answeredList, dataProvider } from '../../../src/providers/data';
import { BY_NAME_PAGE_SIZE, equalTo, LIST_PAGE_SIZE, listParams } from '../../../src/providers/list-params';
import { hasNamespaces } from '../../../src/providers/i18n';
import { sessionStore } from '../../../src/providers/session-store';
import { AUDIT_CATALOGUES } from '../../../model/schemas/audit-trail';
import { MODEL_OVERVIEW_PATH } from '../../../model/schemas/model-overview-path';
import { api } from '../../../src/providers/http';
import { accountOf, tenantOf } from '../fixtures';
import { envelope, mockApi } from '../msw';

const server = mockApi();

/** Answers every list and record read like the server (a list's page: `records` of its path), and records each request the API receives. */
function recordRequests(records: (path: string) => object[] = () => [{ id: 1 }]) {
  const asked: string[] = [];
  const answer = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    asked.push(
      `${url.pathname} ${[...url.searchParams]
        .map(([key, value]) => `${key}=${value}`)
        .sort()
        .join('&')}`,
    );
    return HttpResponse.json(
      envelope(url.pathname.endsWith('/get') ? { id: 5 } : { records: records(url.pathname), total: records(url.pathname).length, pageNum: 1, pageSize: 20 }),
    );
  };
  server.use(mock.get('*/api/v1/*/query', answer), mock.get('*/api/v1/*/get', answer));
  return asked;
}

/** The request has left before any page asked for it. */
const leaves = (asked: string[]) => vi.waitFor(() => expect(asked).toHaveLength(1));

const signIn = (role: string) => sessionStore.save('token-1', accountOf(role, { code: 'op7' }), tenantOf());
/** The query string Refine's table writes for its state (syncWithLocation). */
const tableUrl = (state: object) => `?${qs.stringify(state, { arrayFormat: 'indices', encode: false })}`;

describe('routeAddress: where a route is opened', () => {
  it('opens a list with no query at the address its table writes, and any other route as it is', () => {
    expect(routeAddress('/data/lake/raw-data')).toBe('/data/lake/raw-data?pageSize=20&currentPage=1');
    expect(routeAddress('/data/ticket/pending', '')).toBe('/data/ticket/pending?pageSize=20&currentPage=1');
    expect(routeAddress('/data/lake/raw-data', '?currentPage=3')).toBe('/data/lake/raw-data?currentPage=3');
    expect(routeAddress('/data/lake/raw-data-detail/5')).toBe('/data/lake/raw-data-detail/5');
    expect(routeAddress('/console/space/account')).toBe('/console/space/account?pageSize=20&currentPage=1');
    expect(routeAddress('/data/dashboard/rawData')).toBe('/data/dashboard/rawData');
    expect(routeAddress('/nowhere', '?a=1')).toBe('/nowhere?a=1');
  });
});

describe('a route started with navigation', () => {
  it('sends the list query the page will send, once: the page takes the answer already on its way', async () => {
    signIn('rd');
    const asked = recordRequests();
    const filters = [{ field: 'bagName', operator: 'contains' as const, value: 'shelf' }];
    const sorters = [{ field: 'bagSize', order: 'asc' as const }];
    startRoute('/data/lake/raw-data', tableUrl({ currentPage: 3, pageSize: 50, sorters, filters }));
    await leaves(asked);
    const page = await dataProvider.getList({ resource: '/data/lake/raw-data', pagination: { currentPage: 3, pageSize: 50 }, sorters, filters });
    expect(page.data).toEqual([{ id: 1 }]);
    expect(asked).toEqual(['/api/v1/data/bag/query bagName=shelf&pageNum=3&pageSize=50&sort=bagSize,asc']);
  });

  it("applies a view's preset first, `$me` as the signed-in account, as the page's permanent filters do", async () => {
    signIn('tele_operator');
    const asked = recordRequests();
    startRoute('/data/ticket/pending', '');
    await leaves(asked);
    await dataProvider.getList({
      resource: '/data/ticket/pending',
      pagination: { currentPage: 1, pageSize: 20 },
      filters: [{ field: 'operators', operator: 'eq', value: 'op7' }],
    });
    expect(asked).toEqual(['/api/v1/data/ticket/query operators=op7&pageNum=1&pageSize=20']);
  });

  it('sends the accounts page its first page too: a list with no entity of its own', async () => {
    signIn('tenant_admin');
    const asked = recordRequests();
    startRoute('/console/space/account', '?pageSize=20&currentPage=1');
    await leaves(asked);
    await dataProvider.getList({ resource: '/console/space/account', pagination: { currentPage: 1, pageSize: 20 } });
    expect(asked).toEqual(['/api/v1/console/account/query pageNum=1&pageSize=20']);
  });

  it('sends a page of its own the call it names, once: the model overview takes the answer already on its way', async () => {
    signIn('rd');
    const asked: string[] = [];
    server.use(
      mock.get(`*/api/v1${MODEL_OVERVIEW_PATH}`, ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json(envelope({ types: [] }));
      }),
    );
    startRoute('/training/model/overview');
    await leaves(asked);
    expect(await api.get(MODEL_OVERVIEW_PATH)).toEqual({ types: [] });
    expect(asked).toEqual([`/api/v1${MODEL_OVERVIEW_PATH}`]);
  });

  it("sends a record page's record by the id in its path, and the first page of each list of what points at it that the user may read", async () => {
    signIn('rd');
    const asked = recordRequests();
    startRoute('/data/lake/raw-data-detail/5');
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(1));
    await dataProvider.getOne({ resource: '/data/lake/raw-data', id: '5' });
    // as the record page's list of the dataset items holding the recording asks for them
    await dataProvider.getList({
      resource: '/data/lake/dataset-items',
      pagination: { currentPage: 1, pageSize: 10 },
      filters: [{ field: 'bagId', operator: 'eq', value: 5 }],
    });
    expect(asked.sort()).toEqual([
      '/api/v1/console/file-upload/query bag=5&pageNum=1&pageSize=10',
      '/api/v1/data/annotation/query bagId=5&pageNum=1&pageSize=10',
      '/api/v1/data/bag/get id=5',
      '/api/v1/data/dataset-item/query bagId=5&pageNum=1&pageSize=10',
      '/api/v1/data/ticket-item/query bagId=5&pageNum=1&pageSize=10',
      '/api/v1/data/version-member/query bagId=5&pageNum=1&pageSize=10',
      '/api/v1/evaluation/structured-data/query bagId=5&pageNum=1&pageSize=10',
      '/api/v1/evaluation/structured-version-member/query bagId=5&pageNum=1&pageSize=10',
    ]);
  });

  it('sends a record shown by name as its page finds it, then the lists of what points at it with the id its answer gave', async () => {
    signIn('rd');
    // the name filter matches longer names too: the record is the one with exactly the name
    const asked = recordRequests((path) =>
      path.endsWith('/dataset/query')
        ? [
            { id: 4, name: 'drawer-opening-v2' },
            { id: 3, name: 'drawer-opening' },
          ]
        : [],
    );
    startRoute('/data/lake/raw-data/dataset/drawer-opening');
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(1));
    // as useShownRecord asks for it (the dataset's page shows it by name)
    await dataProvider.getList({
      resource: '/data/lake/raw-data/dataset',
      pagination: { currentPage: 1, pageSize: BY_NAME_PAGE_SIZE },
      filters: equalTo('name', 'drawer-opening'),
    });
    expect(asked[0]).toBe('/api/v1/data/dataset/query name=drawer-opening&pageNum=1&pageSize=20');
    expect(asked.filter((request) => request.startsWith('/api/v1/data/dataset/query'))).toHaveLength(1); // the page took the answer
    expect(asked).toContain('/api/v1/data/dataset-version/query datasetId=3&pageNum=1&pageSize=10');
    expect(asked.filter((request) => request.includes('datasetId=4'))).toEqual([]);
  });
  it("sends a record page's history with its record, and loads its texts, for whoever may read the audit trail, as the page asks for it", async () => {
    signIn('tenant_admin');
    const asked = recordRequests();
    expect(hasNamespaces(AUDIT_CATALOGUES)).toBe(false);
    startRoute('/data/lake/raw-data-detail/5');
    await vi.waitFor(() => expect(asked.some((request) => request.includes('/audit-event/query'))).toBe(true));
    await vi.waitFor(() => expect(hasNamespaces(AUDIT_CATALOGUES)).toBe(true));
    // as the record page's history asks for the record's events: it takes the answer on its way, asking nothing more
    const sent = asked.length;
    await dataProvider.getList({
      resource: '/console/space/audit',
      pagination: { currentPage: 1, pageSize: 20 },
      filters: [
        { field: 'entity', operator: 'eq', value: 'bag' },
        { field: 'recordId', operator: 'eq', value: 5 },
      ],
    });
    expect(asked).toHaveLength(sent);
    expect(asked.filter((request) => request.includes('/audit-event/'))).toEqual([
      '/api/v1/console/audit-event/query entity=bag&pageNum=1&pageSize=20&recordId=5',
    ]);
    // one who may not read the trail (a researcher) is sent none
    signIn('rd');
    const askedByRd = recordRequests();
    startRoute('/data/lake/raw-data-detail/6');
    await vi.waitFor(() => expect(askedByRd.some((request) => request.includes('/bag/get id=6'))).toBe(true));
    expect(askedByRd.filter((request) => request.includes('/audit-event/'))).toEqual([]);
  });

  it("sends no list of what points at a record that the user may not read: a space's image page leaves out the platform's templates", async () => {
    signIn('rd');
    const asked = recordRequests();
    startRoute('/taskFlow/dev/images/5');
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(1));
    expect(asked.some((request) => request.includes('/task-image/get id=5'))).toBe(true);
    expect(asked.some((request) => request.includes('template-task'))).toBe(false);
  });

  it("settles once the route's page and tools are in, with the texts they name, so the entry's first render finds them loaded", async () => {
    signIn('rd');
    recordRequests();
    const entry = matchEntry('/data/lake/raw-data')!.entry;
    await startRoute('/data/lake/raw-data');
    for (const load of [pageLoaderOf(entry)!, ...entry.tools!.map((name) => LIST_TOOLS[name]!)]) expect(loadOnce(load)).toHaveProperty('status', 'fulfilled');
    expect(hasNamespaces(['lake'])).toBe(true); // the upload tool's texts: it would suspend for them otherwise
    await dataProvider.getList({ resource: '/data/lake/raw-data', pagination: { currentPage: 1, pageSize: 20 } }); // the page takes its answer
  }, 30_000);

  it("settles once the parts a page draws with its records are in: a record page's header and body parts, a list's row buttons", async () => {
    signIn('rd');
    recordRequests();
    const recording = matchEntry('/data/lake/raw-data-detail/5')!.entry;
    await startRoute('/data/lake/raw-data-detail/5');
    const { header, body } = recording.list!.showParts!;
    for (const load of [...header!, ...body!].map((name) => RECORD_PARTS[name]!)) expect(loadOnce(load)).toHaveProperty('status', 'fulfilled');
    const tasks = matchEntry('/taskFlow/dev/task')!.entry;
    await startRoute('/taskFlow/dev/task');
    for (const load of tasks.rowParts!.map((name) => RECORD_PARTS[name]!)) expect(loadOnce(load)).toHaveProperty('status', 'fulfilled');
  }, 30_000);

  it("starts a pointed-at page's code in the same task as its records, not behind a timer that waits for the render a click starts", async () => {
    signIn('rd');
    recordRequests();
    const entry = matchEntry('/training/records')!.entry;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      await startRoute('/training/records'); // would wait for ever for a faked timer
    } finally {
      vi.useRealTimers();
    }
    expect(loadOnce(pageLoaderOf(entry)!)).toHaveProperty('status', 'fulfilled');
  }, 30_000);

  it('starts nothing for a route the user may not open, nor for nobody signed in', async () => {
    const asked = recordRequests();
    startRoute('/data/lake/raw-data');
    signIn('tele_operator');
    startRoute('/console/space/account');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });

  it('finds the route someone signed in may open, and none for a route they may not, nobody signed in or an unknown address', () => {
    expect(openableRoute('/data/lake/raw-data')).toBeUndefined();
    signIn('rd');
    expect(openableRoute('/data/lake/raw-data')?.entry.fullPath).toBe('/data/lake/raw-data');
    signIn('tele_operator');
    expect(openableRoute('/console/space/account')).toBeUndefined();
    expect(openableRoute('/no/such/page')).toBeUndefined();
  });

  it('starts neither the data nor the account list for an account that must still change its one-time password (the server answers 428)', async () => {
    sessionStore.save('token-1', accountOf('rd', { code: 'op7', mustChangePassword: true }), tenantOf());
    const asked = recordRequests();
    server.use(mock.get('*/api/v1/console/account/get-cur-user-info', () => HttpResponse.json(envelope({}))));
    await startConsole('/data/lake/raw-data', '');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  }, 30_000);

  it('asks again after a write: an answer started before it is dropped', async () => {
    signIn('rd');
    const asked = recordRequests();
    server.use(mock.post('*/api/v1/data/bag/delete', () => HttpResponse.json(envelope({}))));
    startRoute('/data/lake/raw-data');
    await leaves(asked);
    await dataProvider.deleteOne({ resource: '/data/lake/raw-data', id: 1 });
    await dataProvider.getList({ resource: '/data/lake/raw-data', pagination: { currentPage: 1, pageSize: 20 } });
    expect(asked).toEqual(['/api/v1/data/bag/query pageNum=1&pageSize=20', '/api/v1/data/bag/query pageNum=1&pageSize=20']);
  });

  it('hands a list the page whose answer has come, at once and once; a page not yet answered, or another page, is left to the query', async () => {
    signIn('rd');
    const asked = recordRequests();
    const search = tableUrl({ currentPage: 2, pageSize: 50 });
    const list = matchEntry('/data/lake/raw-data')!.entry;
    startRoute('/data/lake/raw-data', search);
    expect(answeredList('/data/lake/raw-data', listRequest(list, search))).toBeUndefined(); // on its way, not come
    const first = await vi.waitFor(() => {
      const answered = answeredList('/data/lake/raw-data', listRequest(list, search));
      if (!answered) throw new Error('not come yet');
      return answered;
    });
    expect(first.value).toEqual({ data: [{ id: 1 }], total: 1, totalCapped: false });
    expect(answeredList('/data/lake/raw-data', listRequest(list, search))).toBeUndefined(); // taken
    await dataProvider.getList({ resource: '/data/lake/raw-data', pagination: { currentPage: 2, pageSize: 50 } });
    expect(asked).toEqual(['/api/v1/data/bag/query pageNum=2&pageSize=50', '/api/v1/data/bag/query pageNum=2&pageSize=50']);
    startRoute('/data/lake/raw-data', search);
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    expect(answeredList('/data/lake/raw-data', listRequest(list, tableUrl({ currentPage: 3, pageSize: 50 })))).toBeUndefined();
  });
});

describe("a list's request read from its address", () => {
  it.each([
    ['nothing', ''],
    ['its page', tableUrl({ currentPage: 3, pageSize: 50 })],
    ['a sort and filters', tableUrl({ sorters: [{ field: 'bagSize', order: 'asc' }], filters: [{ field: 'bagName', operator: 'contains', value: 'shelf' }] })],
    ['a nested filter', tableUrl({ filters: [{ operator: 'or', value: [{ operator: 'and', value: [{ field: 'a', operator: 'eq', value: '1' }] }] }] })],
    ['a page that is no number', '?currentPage=x&pageSize=&sorters=oops'],
  ])('with %s, is what Refine reads there (parseTableParams)', (_what, search) => {
    const list = matchEntry('/data/lake/raw-data')!.entry;
    const refine = parseTableParams(search || '?');
    const sorters = Array.isArray(refine.parsedSorter) ? refine.parsedSorter : [];
    const filters = (Array.isArray(refine.parsedFilters) ? refine.parsedFilters : []) as CrudFilter[];
    expect(listRequest(list, search)).toEqual({
      query: listParams(Number(refine.parsedPageSize) || LIST_PAGE_SIZE, sorters, filters),
      pageNum: Number(refine.parsedCurrentPage) || 1,
    });
  });
});
