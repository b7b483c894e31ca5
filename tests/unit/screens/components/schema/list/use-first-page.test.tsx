import { http as mock, HttpResponse } from 'msw';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { startRoute } from '../../../../../../src/boot/route-data';
import { useFirstPage } from '../../../../../../src/screens/components/schema/list/use-first-page';
import { DEDUPE_MS } from '../../../../../../src/providers/query-client';
import { sessionStore } from '../../../../../../src/providers/session-store';
import { matchEntry } from '../../../../../../model/resources/index';
import { accountOf, tenantOf } from '../../../../fixtures';
import { mountedRoot } from '../../../../mounted-root';
import { envelope, mockApi } from '../../../../msw';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
const PATH = '/data/lake/raw-data';

async function optionsAt(search: string) {
  const found: { options?: ReturnType<typeof useFirstPage> } = {};
  function Probe() {
    found.options = useFirstPage(matchEntry(PATH)!.entry, PATH);
    return null;
  }
  const { root } = mountedRoot();
  await act(() =>
    root.render(
      <MemoryRouter initialEntries={[`${PATH}${search}`]}>
        <Probe />
      </MemoryRouter>,
    ),
  );
  return found.options!;
}

describe("a list's first page, come with navigation", () => {
  it('is handed to the first query only, fresh for the dedupe time from when the page takes it; a list whose page has not come gets nothing', async () => {
    sessionStore.save('token-1', accountOf('rd'), tenantOf());
    let answered = 0;
    server.use(mock.get('*/api/v1/data/bag/query', () => (answered++, HttpResponse.json(envelope({ records: [{ id: 7 }], total: 1 })))));
    expect(await optionsAt('?currentPage=2')).toEqual({}); // nothing sent early
    startRoute(PATH, '?currentPage=2');
    type Handed = { initialData: () => unknown; initialDataUpdatedAt: number; staleTime: number };
    // The page's code comes long after its rows (a slow device): they are fresh from when it takes them.
    await vi.waitFor(() => expect(answered).toBe(1), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 100)); // its answer is kept with the time it came
    const taken = Date.now() + 5 * DEDUPE_MS;
    const options = await vi.waitFor(
      async () => {
        const clock = vi.spyOn(Date, 'now').mockReturnValue(taken);
        const handed = await optionsAt('?currentPage=2').finally(() => clock.mockRestore());
        if (!('initialData' in handed)) throw new Error('the answer has not come yet');
        return handed as Handed;
      },
      { timeout: 5_000 },
    );
    expect(answered).toBe(1);
    expect(options.staleTime).toBe(DEDUPE_MS);
    expect(options.initialDataUpdatedAt).toBe(taken);
    expect(options.initialData()).toEqual({ data: [{ id: 7 }], total: 1, totalCapped: false });
    expect(options.initialData()).toBeUndefined(); // another page, sort or filter asks for its own
  });
});
