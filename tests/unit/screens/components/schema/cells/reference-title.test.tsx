import { Refine, useInvalidate } from '@refinedev/core';
import { http as mock, HttpResponse } from 'msw';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import ReferenceTitle from '../../../../../../src/screens/components/schema/cells/reference-title';
import { dataProvider } from '../../../../../../src/providers/data';
import { sessionStore } from '../../../../../../src/providers/session-store';
import { accountOf, tenantOf } from '../../../../fixtures';
import { mountedRoot } from '../../../../mounted-root';
import { envelope, mockApi } from '../../../../msw';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const server = mockApi();

let invalidate: ReturnType<typeof useInvalidate> | undefined;
function Invalidator() {
  invalidate = useInvalidate();
  return null;
}

/** The cells drawn for `references`, once settled, and every record request the API received. */
async function cells(references: { entity: string; id: number; title?: string; link?: Record<string, unknown> }[]) {
  const asked: string[] = [];
  server.use(
    mock.get('*/api/v1/*/get', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}?${url.searchParams}`);
      return HttpResponse.json(envelope({ id: Number(url.searchParams.get('id')), name: 'Shelf set', datasetType: 'dc' }));
    }),
  );
  const { root, container } = mountedRoot();
  await act(async () =>
    root.render(
      <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
        <MemoryRouter>
          <Invalidator />
          {references.map((reference, index) => (
            <p key={index}>
              <ReferenceTitle {...reference} />
            </p>
          ))}
        </MemoryRouter>
      </Refine>,
    ),
  );
  if (asked.length) await vi.waitFor(() => expect(container.textContent).not.toContain('#'));
  const shown = [...container.querySelectorAll('p')].map((cell) => ({ text: cell.textContent, href: cell.querySelector('a')?.getAttribute('href') ?? null }));
  return { shown, asked };
}

describe('ReferenceTitle (a reference cell)', () => {
  it('links by id with the title the server sent, asking nothing, where the record is not needed for the link', async () => {
    sessionStore.save('token-1', accountOf('tenant_admin'), tenantOf());
    const { shown, asked } = await cells([
      { entity: 'label', id: 5, title: 'Clean Grasp' },
      { entity: 'label', id: 6, title: 'Drop' },
    ]);
    expect(shown).toEqual([
      { text: 'Clean Grasp', href: '/console/space/label/5' },
      { text: 'Drop', href: '/console/space/label/6' },
    ]);
    expect(asked).toEqual([]);
  });

  it('links to the view the server said the record belongs to, by name, asking nothing', async () => {
    sessionStore.save('token-1', accountOf('tenant_admin'), tenantOf());
    const { shown, asked } = await cells([
      { entity: 'dataset', id: 4, title: 'Shelf set', link: { name: 'Shelf set', datasetType: 'dc' } },
      { entity: 'dataset', id: 5, title: 'Raw set', link: { name: 'Raw set', datasetType: 'raw' } },
    ]);
    expect(shown).toEqual([
      { text: 'Shelf set', href: '/data/lake/raw-data/dc-dataset/Shelf%20set' },
      { text: 'Raw set', href: '/data/lake/raw-data/dataset/Raw%20set' },
    ]);
    expect(asked).toEqual([]);
  });

  it('shows a title that came without its link unlinked, asking nothing: the server sends the link only where the reader may open the record', async () => {
    sessionStore.save('token-1', accountOf('tenant_admin'), tenantOf());
    const { shown, asked } = await cells([
      { entity: 'dataset', id: 4, title: 'Shelf set' },
      { entity: 'label', id: 5, title: 'Clean Grasp' },
    ]);
    expect(shown).toEqual([
      { text: 'Shelf set', href: null },
      { text: 'Clean Grasp', href: '/console/space/label/5' },
    ]);
    expect(asked).toEqual([]);
  });

  it('fetches the record once however many cells show it where no title came', async () => {
    sessionStore.save('token-1', accountOf('tenant_admin'), tenantOf());
    const { shown, asked } = await cells([
      { entity: 'dataset', id: 4 },
      { entity: 'dataset', id: 4 },
      { entity: 'label', id: 9 },
    ]);
    expect(asked.sort()).toEqual(['/api/v1/console/label/get?id=9', '/api/v1/data/dataset/get?id=4']);
    expect(shown[0]).toEqual(shown[1]);
    expect(shown[0]).toEqual({ text: 'Shelf set', href: '/data/lake/raw-data/dc-dataset/Shelf%20set' });
    expect(shown[2]).toEqual({ text: 'Shelf set', href: '/console/space/label/9' });

    // Refine's refresh of the record after a write to it (its 'detail' invalidation) asks again.
    await act(() => invalidate!({ resource: '/data/lake/raw-data/dataset', id: 4, invalidates: ['detail'] }));
    await vi.waitFor(() => expect(asked.filter((request) => request.includes('dataset/get?id=4'))).toHaveLength(2));
  });

  it('is plain text, asking nothing, for a user who may not read the entity', async () => {
    sessionStore.save('token-1', accountOf('tele_operator'), tenantOf());
    const { shown, asked } = await cells([
      { entity: 'label', id: 5, title: 'Clean Grasp' },
      { entity: 'label', id: 7 },
    ]);
    expect(shown).toEqual([
      { text: 'Clean Grasp', href: null },
      { text: '#7', href: null },
    ]);
    expect(asked).toEqual([]);
  });
});
