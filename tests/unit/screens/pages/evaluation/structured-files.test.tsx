import { act } from 'react';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../../../../src/providers/i18n';
import { notifier } from '../../../../../src/providers/notifier';
import { StructuredFilesCard } from '../../../../../src/screens/pages/evaluation/structured-files';
import { envelope, mockApi } from '../../../msw';
import { browserShims, byTestId, renderAt } from '../instances/page-setup';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
browserShims();
beforeAll(() => loadNamespaces(['structuredData']), 30_000);
afterEach(() => vi.restoreAllMocks());

const SHA = 'a'.repeat(64);
const stored = { name: 'episode_000000.hdf5', size: 2048, sha256: SHA, key: 'structured-data/1/5/u/episode_000000.hdf5', time: '2026-11-22T08:00:00.000Z' };
const record = { id: 5, files: JSON.stringify([stored]) };

/** Picks a file in the upload button's file input, as the browser does. */
async function pick(testId: string, file: File, index = 0) {
  const button = document.querySelectorAll(`[data-testid="${testId}"]`)[index]!;
  const input = button.closest('.ant-upload')!.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  await act(async () => void input.dispatchEvent(new Event('change', { bubbles: true })));
}

const texts = (testId: string) => [...document.querySelectorAll(`[data-testid="${testId}"]`)].map((node) => node.textContent);

describe('a structured data record’s files', () => {
  it('are listed with their size and SHA-256, each downloaded through its signed link', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server.use(
      mock.get('*/api/v1/evaluation/structured-data/5/files/episode_000000.hdf5/link', () =>
        HttpResponse.json(envelope({ url: '/api/v1/objects/signed', fileName: 'episode_000000.hdf5' })),
      ),
    );
    await renderAt(<StructuredFilesCard record={record} canWrite={false} />, '/x/:id', '/x/5');
    await byTestId('structured-files');
    expect(texts('structured-file-size')).toEqual(['大小: 2.00 KB']);
    expect(texts('structured-file-sha256')[0]).toContain(SHA);
    // a reader uploads nothing
    expect(document.querySelector('[data-testid="structured-file-add"]')).toBeNull();
    expect(document.querySelector('[data-testid="structured-file-replace"]')).toBeNull();

    await act(async () => (await byTestId('structured-file-download')).click());
    await vi.waitFor(() => expect(clicked).toHaveBeenCalled());
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe('/api/v1/objects/signed');
  });

  it('are uploaded by a writer as the file’s bytes, and the list shows what the server kept', async () => {
    const sent: { type: string | null; body: string; replace: string | null }[] = [];
    const kept = { ...stored, name: 'features.json', size: 7, sha256: 'b'.repeat(64) };
    server.use(
      mock.put('*/api/v1/evaluation/structured-data/5/files/features.json', async ({ request }) => {
        sent.push({ type: request.headers.get('content-type'), body: await request.text(), replace: new URL(request.url).searchParams.get('replace') });
        return HttpResponse.json(envelope({ file: kept, files: [stored, kept] }));
      }),
    );
    const changed = vi.fn();
    await renderAt(<StructuredFilesCard record={record} canWrite onChanged={changed} />, '/x/:id', '/x/5');
    await byTestId('structured-file-add');
    await pick('structured-file-add', new File(['{"a":1}'], 'features.json'));
    await vi.waitFor(() => expect(texts('structured-file-size')).toHaveLength(2));
    expect(sent).toEqual([{ type: 'application/octet-stream', body: '{"a":1}', replace: null }]);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('replace a file under its first name; another name or an empty file is refused before a byte is sent', async () => {
    const warned = vi.spyOn(notifier, 'warning').mockImplementation(() => undefined);
    const sent: string[] = [];
    server.use(
      mock.put('*/api/v1/evaluation/structured-data/5/files/:name', async ({ request, params }) => {
        sent.push(`${String(params.name)}?replace=${new URL(request.url).searchParams.get('replace')}:${await request.text()}`);
        return HttpResponse.json(envelope({ file: { ...stored, size: 3 }, files: [{ ...stored, size: 3 }] }));
      }),
    );
    await renderAt(<StructuredFilesCard record={record} canWrite />, '/x/:id', '/x/5');
    await byTestId('structured-file-replace');

    await pick('structured-file-replace', new File(['abc'], 'episode_000001.hdf5'));
    expect(warned).toHaveBeenLastCalledWith('结构化数据文件名称须与首次上传的文件一致：episode_000000.hdf5');
    await pick('structured-file-replace', new File([], 'episode_000000.hdf5'));
    expect(warned).toHaveBeenLastCalledWith('结构化数据文件不能为 0 字节');
    expect(sent).toEqual([]);

    await pick('structured-file-replace', new File(['abc'], 'episode_000000.hdf5'));
    await vi.waitFor(() => expect(sent).toEqual(['episode_000000.hdf5?replace=episode_000000.hdf5:abc']));
    await vi.waitFor(() => expect(texts('structured-file-size')).toEqual(['大小: 3 B']));
  });
});
