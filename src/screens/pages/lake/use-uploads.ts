import { useCallback, useEffect, useRef, useState } from 'react';
import { addSample, type Sample } from './speed';
import type { UploadMetadata } from './upload-api';
import { STAGES, uploadFile, type FileProgress, type UploadDeps } from './upload-file';

export interface UploadItem {
  key: string;
  file: File;
  progress: FileProgress;
  /** Bytes over time in the current stage, for its speed and time left. */
  samples: Sample[];
  /** The last stage it reached (of STAGES), shown where a failed one stopped. */
  reached: number;
}

/** Bytes: a file counts as sent once the server holds it (a failed one as nothing, and not in the total either). */
export function totalOf(items: readonly UploadItem[]) {
  const counted = items.filter((item) => item.progress.stage !== 'failed');
  const sent = (item: UploadItem) => (item.progress.stage === 'md5' ? 0 : item.progress.stage === 'uploading' ? item.progress.done : item.file.size);
  return { done: counted.reduce((sum, item) => sum + sent(item), 0), total: counted.reduce((sum, item) => sum + item.file.size, 0) };
}

const isRunning = (item: UploadItem) => item.progress.stage === 'md5' || item.progress.stage === 'uploading';
let made = 0;

/**
 * The drawer's files, uploaded one after another (each with its parts three at a time): added with
 * the metadata they go with, cancelled one by one. `onUploaded` hears each bag made. They go on
 * while the console is open, the drawer closed or not; a page reload leaves the parts sent on the
 * server, and the same file chosen again resumes.
 */
export function useUploads(deps: UploadDeps, onUploaded: (progress: FileProgress) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [totalSamples, setTotalSamples] = useState<Sample[]>([]);
  useEffect(() => setTotalSamples((samples) => addSample(samples, { at: Date.now(), bytes: totalOf(items).done })), [items]);
  const controllers = useRef(new Map<string, AbortController>());
  const queue = useRef(Promise.resolve());
  const live = useRef({ deps, onUploaded });
  live.current = { deps, onUploaded };

  const update = (key: string, progress: FileProgress) =>
    setItems((current) =>
      current.map((item) => {
        if (item.key !== key) return item;
        const restart = item.progress.stage !== progress.stage;
        const reached = progress.stage === 'failed' ? item.reached : STAGES.indexOf(progress.stage);
        return { ...item, progress, reached, samples: addSample(restart ? [] : item.samples, { at: Date.now(), bytes: progress.done }) };
      }),
    );

  const add = useCallback((files: File[], metadata: UploadMetadata) => {
    const added = files.map((file) => ({ key: `${++made}`, file, progress: { stage: 'md5' as const, done: 0 }, samples: [], reached: 0 }));
    setItems((current) => [...current, ...added]);
    for (const { key, file } of added) {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      queue.current = queue.current
        .then(async () => {
          try {
            if (controller.signal.aborted) return update(key, { stage: 'failed', done: 0, failure: 'cancelled' });
            const last = await uploadFile(file, metadata, (progress) => update(key, progress), live.current.deps, controller.signal);
            if (last.stage === 'completed') live.current.onUploaded(last);
          } finally {
            controllers.current.delete(key);
          }
        })
        .catch(() => undefined); // the next file goes whatever became of this one
    }
  }, []);

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);
  const clearFinished = useCallback(() => setItems((current) => current.filter((item) => isRunning(item) || controllers.current.has(item.key))), []);
  return { items, totalSamples, add, cancel, clearFinished, running: items.some(isRunning) };
}
