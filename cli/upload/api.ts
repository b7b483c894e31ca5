/** The API as the uploader speaks it: JSON calls with the access key, and parts as octet streams. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: Record<string, unknown> | null,
  ) {
    super(message);
  }
}

export interface Api {
  call<T>(method: 'GET' | 'POST', path: string, body?: object, query?: Record<string, string>): Promise<T>;
  putPart<T>(query: Record<string, string>, bytes: Uint8Array<ArrayBuffer>, md5Base64: string): Promise<T>;
}

/** `server` is the console's origin (http://host:8080); `key` is `<accessKeyId>.<secret>`. */
export function apiClient(server: string, key: string): Api {
  const base = `${server.replace(/\/+$/, '')}/api/v1`;
  const send = async <T>(method: string, path: string, query: Record<string, string> | undefined, init: RequestInit): Promise<T> => {
    const url = `${base}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
    const response = await fetch(url, { ...init, method, headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) } });
    const envelope = (await response.json().catch(() => null)) as { data?: unknown; message?: { en_US?: string } | string } | null;
    if (!response.ok) {
      const message = typeof envelope?.message === 'object' ? envelope.message.en_US : envelope?.message;
      throw new ApiFailure(response.status, message ?? `${method} ${path} answered ${response.status}`, (envelope?.data as Record<string, unknown>) ?? null);
    }
    return envelope?.data as T;
  };
  return {
    call: (method, path, body, query) => send(method, path, query, body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
    putPart: (query, bytes, md5Base64) =>
      send('PUT', '/data/lake/upload/part', query, { body: bytes, headers: { 'content-type': 'application/octet-stream', 'content-md5': md5Base64 } }),
  };
}
