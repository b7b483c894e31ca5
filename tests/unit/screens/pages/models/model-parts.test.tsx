import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import ModelCardFiles from '../../../../../src/screens/pages/models/model-card-files';
import ModelCardLineage from '../../../../../src/screens/pages/models/model-card-lineage';
import ModelExportFiles from '../../../../../src/screens/pages/models/model-export-files';
import { envelope, mockApi } from '../../../msw';
import { browserShims, byTestId, renderAt } from '../instances/page-setup';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
browserShims();

const HASH = 'ab'.repeat(32);
const files = [{ name: 'policy.safetensors', size: 2048, sha256: HASH, storedTime: '2026-11-29T08:00:00.000Z' }];

describe('a model card’s page', () => {
  it('lists the files its run produced with their size and SHA-256, and downloads one through its signed link', async () => {
    const asked: string[] = [];
    server.use(
      mock.get('*/api/v1/training/model-card/5/files', () => HttpResponse.json(envelope({ files }))),
      mock.get('*/api/v1/training/model-card/5/files/:name/link', ({ params }) => {
        asked.push(String(params.name));
        return HttpResponse.json(envelope({ url: 'http://localhost/objects/x', expiresInSeconds: 60 }));
      }),
    );
    await renderAt(<ModelCardFiles record={{ id: 5 }} />, '/x/:id', '/x/5');
    const card = await byTestId('owned-files');
    await vi.waitFor(() => expect(card.textContent).toContain('policy.safetensors'));
    expect(card.textContent).toContain('2.00 KB');
    expect(card.textContent).toContain(HASH.slice(0, 16));
    (card.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(asked).toEqual(['policy.safetensors']));
  });

  it('shows where it came from: its run, and each dataset version with its bags and content hash', async () => {
    server.use(
      mock.get('*/api/v1/training/model-card/6/lineage', () =>
        HttpResponse.json(
          envelope({
            run: { id: 41, taskName: 'train-act', status: 'succeeded', startTime: null, endTime: null },
            versions: [{ id: 3, version: '1.2.0', datasetId: 2, datasetName: 'pick-cube', contentHash: 'cd'.repeat(32), bagCount: 12 }],
          }),
        ),
      ),
    );
    await renderAt(<ModelCardLineage record={{ id: 6 }} />, '/x/:id', '/x/6');
    const lineage = await byTestId('model-card-lineage');
    await vi.waitFor(() => expect(lineage.textContent).toContain('train-act #41'));
    const version = lineage.querySelector('[data-testid="lineage-version"]')!;
    expect(version.textContent).toContain('pick-cube 1.2.0');
    expect(version.textContent).toContain('12');
    expect(version.textContent).toContain('cdcdcdcdcdcd');
    expect(version.querySelector('a')!.getAttribute('href')).toMatch(/\/3$/);
  });
});

describe('a model export’s page', () => {
  it('lists the artifact its run produced, or says there is none', async () => {
    server.use(mock.get('*/api/v1/training/model-export/9/files', () => HttpResponse.json(envelope({ files: [] }))));
    await renderAt(<ModelExportFiles record={{ id: 9 }} />, '/x/:id', '/x/9');
    const card = await byTestId('owned-files');
    await vi.waitFor(() => expect(card.textContent).toContain('该运行未保存文件'));
  });
});
