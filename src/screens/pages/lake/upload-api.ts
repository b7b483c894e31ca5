import axios, { AxiosError } from 'axios';
import { api, client, failCall } from '../../../providers/http';
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
 * One part: octet stream, its Content-MD5, its progress as it is sent (the browser's upload events,
 * which fetch does not give). No time limit: a part on a slow link may take longer than a call.
 * Resolves with the upload's state, rejects with a PartError.
 */
export async function sendPart(uploadId: string, partNumber: number, body: Blob, contentMd5: string, onProgress: (sent: number) => void, signal?: AbortSignal) {
  try {
    const response = await client.put<{ data?: UploadState }>(`${BASE}/part`, body, {
      params: { uploadId, partNumber },
      headers: { 'Content-Type': 'application/octet-stream', 'Content-MD5': contentMd5 },
      onUploadProgress: (event) => onProgress(event.loaded),
      timeout: 0,
      signal,
      raw: true,
    });
    if (response.data?.data) return response.data.data;
    throw new PartError(response.status, response.data);
  } catch (error) {
    if (axios.isCancel(error)) throw new DOMException('cancelled', 'AbortError');
    if (error instanceof AxiosError) throw new PartError(error.response?.status, error.response?.data);
    throw error;
  }
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
