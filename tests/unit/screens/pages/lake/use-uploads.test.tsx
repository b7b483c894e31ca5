import { describe, expect, it, vi } from 'vitest';
import type { UploadApi } from '../../../../../src/screens/pages/lake/upload-api';
import { totalOf, useUploads, type UploadItem } from '../../../../../src/screens/pages/lake/use-uploads';
import { mountedRoot } from '../../../mounted-root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false; // React's own scheduling, as in the browser

const metadata = { robotSn: 'SN-1', robotType: 'ur5e', bagRegion: 'suzhou' };
const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

/** A server that finishes every upload at once, making bag 100 + its order; it records what ran when. */
function fakeServer() {
  const log: string[] = [];
  let bags = 100;
  const finished = (uploadId: string) => ({ upload: { uploadId, status: 'SUCCESS', stage: 'completed', bag: ++bags }, parts: [] });
  const api = {
    start: vi.fn(async ({ fileName }: { fileName: string }) => (log.push(`start ${fileName}`), finished(fileName))),
  } as unknown as UploadApi;
  const hashFile = async (blob: Blob, onRead: (read: number) => void) => {
    log.push(`hash ${(blob as File).name}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    onRead(blob.size);
    return '0'.repeat(32);
  };
  return { log, deps: { api, hashFile, partMd5: async () => '' } };
}

async function renderUploads(deps: ReturnType<typeof fakeServer>['deps'], onUploaded: (progress: unknown) => void) {
  const hook: { current?: ReturnType<typeof useUploads> } = {};
  function Probe() {
    hook.current = useUploads(deps, onUploaded);
    return null;
  }
  mountedRoot().root.render(<Probe />);
  await vi.waitFor(() => expect(hook.current).toBeDefined());
  return hook as { current: ReturnType<typeof useUploads> };
}

describe('the drawer’s uploads', () => {
  it('go one file after another, each telling its bag; a file cancelled before its turn is not sent', async () => {
    const { log, deps } = fakeServer();
    const uploaded: unknown[] = [];
    const hook = await renderUploads(deps, (progress) => uploaded.push(progress));
    hook.current.add([file('a.mcap', 3), file('b.bag', 4), file('c.mcap', 5)], metadata);
    await vi.waitFor(() => expect(hook.current.items).toHaveLength(3));
    hook.current.cancel(hook.current.items[1]!.key);
    await vi.waitFor(() => expect(hook.current.items.map((item) => item.progress.stage)).toEqual(['completed', 'failed', 'completed']));
    expect(log).toEqual(['hash a.mcap', 'start a.mcap', 'hash c.mcap', 'start c.mcap']);
    expect(hook.current.items.map((item) => [item.file.name, item.progress.stage, item.progress.bagId ?? item.progress.failure])).toEqual([
      ['a.mcap', 'completed', 101],
      ['b.bag', 'failed', 'cancelled'],
      ['c.mcap', 'completed', 102],
    ]);
    expect(uploaded).toHaveLength(2);
    expect(totalOf(hook.current.items)).toEqual({ done: 8, total: 8 });

    hook.current.clearFinished();
    await vi.waitFor(() => expect(hook.current.items).toEqual([]));
  });

  it('count a file being hashed as nothing sent yet, and one being sent by what the server holds', () => {
    const item = (stage: UploadItem['progress']['stage'], done: number, size: number) =>
      ({ key: stage, file: file('x.mcap', size), progress: { stage, done }, samples: [], reached: 0 }) as UploadItem;
    expect(totalOf([item('md5', 5, 10), item('uploading', 4, 10), item('waiting', 10, 10), item('failed', 3, 10)])).toEqual({ done: 14, total: 30 });
  });
});
