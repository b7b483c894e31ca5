import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dataProvider, filterParams } from '../../../src/providers/data';
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

  it('pages by offset where no cursor is known: a jump, or other filters', async () => {
    const asked = bagPages();
    await list(1);
    await list(7);
    await list(2, [{ field: 'robotType', operator: 'eq', value: 'UR5e' }]);
    expect(asked.map((query) => query.cursor)).toEqual([undefined, undefined, undefined]);
    expect(asked[2]).toMatchObject({ pageNum: '2', robotType: 'UR5e' });
  });
});
