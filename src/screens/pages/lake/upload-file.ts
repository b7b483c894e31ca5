import { PartError, type UploadApi, type UploadMetadata, type UploadState } from './upload-api';
import { sendParts, type PartDeps } from './send-parts';
import { pickMessage } from '../../../providers/i18n';

/** Where a file is, in the order it goes (the server's stages, spec §4, then the end of a failed one). */
export const STAGES = ['md5', 'uploading', 'waiting', 'parsing', 'completed'] as const;
export type Stage = (typeof STAGES)[number] | 'failed';

export interface FileProgress {
  stage: Stage;
  /** Bytes hashed (md5) or held by the server (uploading and after). */
  done: number;
  /** fileUpload:failures.* (md5, parse, quota, cancelled, expired) or, before the server had it, the message shown. */
  failure?: string;
  message?: string;
  bagId?: number;
}

export interface UploadDeps extends PartDeps {
  api: UploadApi;
  hashFile: (file: Blob, onRead: (read: number) => void, signal?: AbortSignal) => Promise<string>;
  pollMs?: number;
}

const isAbort = (error: unknown) => (error as Error)?.name === 'AbortError';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One file through the protocol: its MD5 (in a worker), start (or resume), the missing parts,
 * complete, then the server's check and parsing followed every `pollMs` until it succeeds or fails.
 * Cancelling (the signal) aborts the upload on the server. Resolves with the file's last progress.
 */
export async function uploadFile(file: File, metadata: UploadMetadata, onChange: (progress: FileProgress) => void, deps: UploadDeps, signal?: AbortSignal) {
  let progress: FileProgress = { stage: 'md5', done: 0 };
  const set = (next: Partial<FileProgress>) => onChange((progress = { ...progress, ...next }));
  let uploadId: string | undefined;
  try {
    set({});
    const md5 = await deps.hashFile(file, (done) => set({ done }), signal);
    let state: UploadState = await deps.api.start({ fileName: file.name, fileSize: file.size, md5, metadata });
    uploadId = state.upload.uploadId;
    if (state.upload.status === 'PENDING') {
      set({ stage: 'uploading', done: 0 });
      await sendParts(file, state, (done) => set({ done }), deps, signal);
      signal?.throwIfAborted();
      state = await deps.api.complete(uploadId);
    }
    set({ done: file.size });
    for (;;) {
      const { status, stage, failure, bag } = state.upload;
      if (status === 'SUCCESS') return (set({ stage: 'completed', bagId: bag ?? undefined }), progress);
      if (status === 'FAILED') return (set({ stage: 'failed', failure: failure ?? undefined }), progress);
      set({ stage: stage === 'parsing' ? 'parsing' : 'waiting' });
      await sleep(deps.pollMs ?? 1_000);
      state = await deps.api.status(uploadId);
    }
  } catch (error) {
    if (isAbort(error)) {
      if (uploadId && progress.stage === 'uploading') await deps.api.abort(uploadId).catch(() => undefined);
      set({ stage: 'failed', failure: 'cancelled' });
    } else {
      try {
        if (error instanceof PartError) deps.api.partFailed(error); // tells the user, as any failed call does
      } catch (told) {
        error = told;
      }
      // The file's line says why in the server's words (its file store full or away), not only that a call failed.
      set({ stage: 'failed', message: pickMessage((error as { body?: { message?: unknown } }).body?.message) ?? (error as Error).message });
    }
    return progress;
  }
}
