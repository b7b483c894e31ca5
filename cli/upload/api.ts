import type { LocalizedText } from '../../model/schemas/languages';
import { putBytes } from './put-bytes';

/** A text of the server's catalogues as the uploader prints it: English, then Chinese, whoever reads the robot's log. */
export const inBothLanguages = ({ en_US, zh_CN }: LocalizedText) => `${en_US} / ${zh_CN}`;

/** The API as the uploader speaks it: JSON calls with the access key, and parts as octet streams. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    /** The server's message in every language; absent when the answer was not the API's envelope. */
    readonly text: LocalizedText | undefined,
    readonly data: Record<string, unknown> | null,
    what: string,
  ) {
    super(text ? inBothLanguages(text) : `${what} answered ${status}`);
  }
}

export interface Api {
  call<T>(method: 'GET' | 'POST', path: string, body?: object, query?: Record<string, string>): Promise<T>;
  putPart<T>(query: Record<string, string>, bytes: Uint8Array<ArrayBuffer>, md5Base64: string): Promise<T>;
}

type Envelope = { data?: unknown; message?: unknown } | null;

const isLocalized = (message: unknown): message is LocalizedText =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as LocalizedText).en_US === 'string' &&
  typeof (message as LocalizedText).zh_CN === 'string';

/** The envelope's data, or an ApiFailure with the server's message in both languages. */
function dataOf<T>(status: number, envelope: Envelope, what: string): T {
  if (status < 200 || status >= 300) {
    const text = isLocalized(envelope?.message) ? envelope.message : undefined;
    throw new ApiFailure(status, text, (envelope?.data as Record<string, unknown>) ?? null, what);
  }
  return envelope?.data as T;
}

const parsed = (text: string): Envelope => {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return null;
  }
};

/** `server` is the console's origin (http://host:8080); `key` is `<accessKeyId>.<secret>`. */
export function apiClient(server: string, key: string): Api {
  const base = `${server.replace(/\/+$/, '')}/api/v1`;
  const urlOf = (path: string, query?: Record<string, string>) => `${base}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
  const authorization = `Bearer ${key}`;
  return {
    call: async (method, path, body, query) => {
      const init: RequestInit = body
        ? { body: JSON.stringify(body), headers: { authorization, 'content-type': 'application/json' } }
        : { headers: { authorization } };
      const response = await fetch(urlOf(path, query), { ...init, method });
      return dataOf(response.status, (await response.json().catch(() => null)) as Envelope, `${method} ${path}`);
    },
    putPart: async (query, bytes, md5Base64) => {
      const headers = { authorization, 'content-type': 'application/octet-stream', 'content-md5': md5Base64 };
      const { status, text } = await putBytes(urlOf('/data/lake/upload/part', query), bytes, headers);
      return dataOf(status, parsed(text), 'PUT /data/lake/upload/part');
    },
  };
}
