import axios, { AxiosError, type AxiosResponse } from 'axios';
import { dropEarly, startEarly, takeEarly } from './early-requests';
import { emptyResponseNotice, HttpError, noticeFor, type FailureNotice } from './http-errors';
import { notifier } from './notifier';
import { sessionStore } from './session-store';

/** Spec §7: one base path, JSON, 30 s, bearer token when one exists. */
export const REQUEST_TIMEOUT_MS = 30_000;

const clientOf = () => {
  const client = axios.create({ baseURL: '/api/v1', timeout: REQUEST_TIMEOUT_MS, headers: { 'Content-Type': 'application/json' } });
  // Synchronous, so a request leaves at once rather than after the script that asked for it has run on (issue #11).
  client.interceptors.request.use(
    (config) => {
      const token = sessionStore.token();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    },
    null,
    { synchronous: true },
  );
  return client;
};

export const http = clientOf();
/** Requests started ahead of their readers: their answers are handled when taken (early-requests.ts). */
const ahead = clientOf();

function fail(notice: FailureNotice, status: number | undefined, body?: unknown): never {
  notifier[notice.level](notice.message, notice.description, ...(notice.key ? [notice.key] : []));
  if (notice.endSession) sessionStore.clear('expired'); // the route guard takes the user to sign-in
  throw new HttpError(notice.message, status, body);
}

/** Spec §7 response handling: `data` is returned; without it only HTTP 200 is accepted. */
function unwrap(response: AxiosResponse) {
  const body = response.data as { code?: number; data?: unknown } | '' | null | undefined;
  if (body === '' || body === null || body === undefined || typeof body !== 'object') return fail(emptyResponseNotice(), response.status, body);
  if ('data' in body) return body.data;
  if (response.status === 200) return undefined;
  return fail(emptyResponseNotice(), response.status, body);
}

function reject(error: unknown): never {
  if (error instanceof HttpError) throw error;
  const { response, code } = error as AxiosError;
  return fail(noticeFor({ status: response?.status, body: response?.data, code }), response?.status, response?.data);
}

// From here on a call resolves to the envelope's `data`, not to the axios response.
http.interceptors.response.use((response) => unwrap(response) as never, reject);

/** Typed helpers: the interceptor has already unwrapped `data`. */
export const api = {
  get: <T>(url: string, params?: object): Promise<T> => {
    const early = takeEarly(url, params);
    return early ? (early.then(unwrap, reject) as Promise<T>) : (http.get(url, { params }) as Promise<T>);
  },
  post: <T>(url: string, body?: unknown) => {
    dropEarly();
    return http.post<T, T>(url, body);
  },
  /** Sends a GET now for a reader that has not loaded yet; its `get` of the same request takes the answer. */
  getEarly: (url: string, params?: object) => startEarly(url, params, () => ahead.get(url, { params })),
};
