import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../../../src/providers/data';
import { filterParams } from '../../../src/providers/list-params';
import { envelope, mockApi } from '../msw';

const server = mockApi();
const RESOURCE = '/data/lake/raw-data';

/** Answers bag queries like the server: 10,000+ rows, a cursor to each next page; records what was asked. */
function bagPages() {
  const asked: Record<string, string>[] = [];
  server.use(
    mock.get('*/api/v1/data/bag/query', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(query);
      const pageNum = Number(query.pageNum);
      return HttpResponse.json(envelope({ records: [], total: 10_000, totalCapped: true, pageNum, pageSize: 20, nextCursor: `after-${pageNum}` }));
    }),
  );
  return asked;
}
const list = (currentPage: number, filters: { field: string; operator: 'eq'; value: string }[] = []) =>
  dataProvider.getList({ resource: RESOURCE, pagination: { currentPage, pageSize: 20 }, filters, sorters: [{ field: 'bagStartTime', order: 'desc' }] });

describe('the data provider', () => {
  it('sends filters as the API names them: ranges as .from/.to, lists comma-joined, empty ones left out', () => {
    expect(
      filterParams([
        { field: 'bagStartTime', operator: 'gte', value: new Date('2026-11-01T00:00:00Z') },
        { field: 'bagStartTime', operator: 'lte', value: '2026-11-22' },
        { field: 'bagStatus', operator: 'in', value: ['good', 'bad'] },
        { field: 'robotType', operator: 'eq', value: '' },
      ]),
    ).toEqual({ 'bagStartTime.from': '2026-11-01T00:00:00.000Z', 'bagStartTime.to': '2026-11-22', bagStatus: 'good,bad' });
  });

  it('opens the next page of a capped list by its keyset cursor, and lets it go past 10,000 rows', async () => {
    const asked = bagPages();
    await list(500);
    const next = await list(501);
    expect(asked[1]).toMatchObject({ pageNum: '501', cursor: 'after-500', sort: 'bagStartTime,desc' });
    expect(next).toMatchObject({ total: 501 * 20 + 1, totalCapped: true });
  });

  it('sends one sort, the first sorter, as field,order (the server sorts by one field)', async () => {
    const asked = bagPages();
    await dataProvider.getList({
      resource: RESOURCE,
      pagination: { currentPage: 1, pageSize: 20 },
      sorters: [
        { field: 'bagSize', order: 'asc' },
        { field: 'bagName', order: 'desc' },
      ],
    });
    await dataProvider.getList({ resource: RESOURCE, pagination: { currentPage: 1, pageSize: 20 }, sorters: [] });
    expect(asked.map((query) => query.sort)).toEqual(['bagSize,asc', undefined]);
  });

  it('sends ids in JSON as numbers, also where the route gave them as strings', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('*/api/v1/data/bag/:action', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(envelope({}));
      }),
    );
    await dataProvider.update({ resource: RESOURCE, id: '42', variables: { updatedTime: 't' } });
    await dataProvider.deleteOne({ resource: RESOURCE, id: '42' });
    await dataProvider.deleteMany!({ resource: RESOURCE, ids: ['7', 8] });
    expect(bodies).toEqual([{ updatedTime: 't', id: 42 }, { ids: [42] }, { ids: [7, 8] }]);
  });

  it('pages by offset where no cursor is known: a jump, or other filters', async () => {
    const asked = bagPages();
    await list(1);
    await list(7);
    await list(2, [{ field: 'robotType', operator: 'eq', value: 'UR5e' }]);
    expect(asked.map((query) => query.cursor)).toEqual([undefined, undefined, undefined]);
    expect(asked[2]).toMatchObject({ pageNum: '2', robotType: 'UR5e' });
  });
});
