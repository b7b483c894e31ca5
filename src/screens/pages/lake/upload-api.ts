import { api, apiUrl, authorization, failCall, parse } from '../../../providers/http';
import type { UploadState } from '../../../../model/schemas/upload';

export type { UploadState };
export type UploadMetadata = Record<string, unknown> & { robotSn: string; robotType: string; bagRegion: string };

const BASE = '/data/lake/upload';

/** A part the server did not take: `retry` when sending it again may help (no answer, a damaged part, a busy server). */
export class PartError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(`part refused: ${status ?? 'no answer'}`);
  }
  get retry() {
    return this.status === undefined || this.status === 400 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

/**
 * One part by XMLHttpRequest (fetch tells nothing of an upload's progress): octet stream, its
 * Content-MD5, the session's bearer token. Resolves with the upload's state, rejects with a PartError.
 */
export function sendPart(uploadId: string, partNumber: number, body: Blob, contentMd5: string, onProgress: (sent: number) => void, signal?: AbortSignal) {
  return new Promise<UploadState>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', apiUrl(`${BASE}/part`, { uploadId, partNumber }));
    for (const [name, value] of Object.entries({ ...authorization(), 'Content-Type': 'application/octet-stream', 'Content-MD5': contentMd5 }))
      request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      const answer = parse(request.responseText) as { data?: UploadState };
      if (request.status >= 200 && request.status < 300 && answer?.data) resolve(answer.data);
      else reject(new PartError(request.status, answer));
    };
    request.onerror = request.ontimeout = () => reject(new PartError(undefined, undefined));
    const cancelled = () => reject(new DOMException('cancelled', 'AbortError'));
    request.onabort = cancelled;
    signal?.addEventListener('abort', () => (request.abort(), cancelled()), { once: true });
    request.send(body);
  });
}

/** The protocol's JSON calls (server/modules/lake/upload-routes.ts); a failure is told to the user as every call's is. */
export const uploadApi = {
  start: (body: { fileName: string; fileSize: number; md5: string; metadata: UploadMetadata }) => api.post<UploadState>(`${BASE}/start`, body),
  part: sendPart,
  complete: (uploadId: string) => api.post<UploadState>(`${BASE}/complete`, { uploadId }),
  abort: (uploadId: string) => api.post<UploadState>(`${BASE}/abort`, { uploadId }),
  status: (uploadId: string) => api.get<UploadState>(`${BASE}/status`, { uploadId }),
  /** A part that failed for good: the user is told why. */
  partFailed: (error: PartError) => failCall(error.status, error.body, 'ERR_NETWORK'),
};
export type UploadApi = typeof uploadApi;
