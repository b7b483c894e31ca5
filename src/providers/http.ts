import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { dropEarly, startEarly, takeAnswered, takeEarly } from './early-requests';
import { emptyResponseNotice, HttpError, noticeFor, type FailureNotice } from './http-errors';
import { notifier } from './notifier';
import { sessionStore } from './session-store';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The answer is left as it came, envelope and all, and a failure is not told: whoever takes it
     * later reads it (a request sent before its page loaded, an upload's part that may be sent again).
     */
    raw?: boolean;
  }
}

/** Spec §7: one base path, JSON, 30 s, bearer token when one exists. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The console's one HTTP client: every call to the API goes through it (the log's live stream aside,
 * which needs fetch's body stream). The API authenticates by bearer token, never by cookie, so no
 * XSRF cookie is read: axios reads it through the browser's asynchronous cookie store before each
 * call leaves, which held a route's first request back by ~20 ms.
 */
export const client = axios.create({ baseURL: '/api/v1', timeout: REQUEST_TIMEOUT_MS, withXSRFToken: false });

/** The bearer token, read as a call leaves, when one exists. */
export function authorization(): Record<string, string> {
  const token = sessionStore.token();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

// Synchronous: the call leaves within the caller's task, not after a promise turn (a route's data
// request, sent as its code starts, would otherwise leave after requests that start later).
client.interceptors.request.use(
  (config) => {
    config.headers.set(authorization());
    return config;
  },
  undefined,
  { synchronous: true },
);

function fail(notice: FailureNotice, status: number | undefined, body?: unknown): never {
  notifier[notice.level](notice.message, notice.description, ...(notice.key ? [notice.key] : []));
  if (notice.endSession) sessionStore.clear('expired'); // the route guard takes the user to sign-in
  throw new HttpError(notice.message, status, body);
}

/** Spec §7 response handling: the envelope's `data` becomes the response's; without it only HTTP 200 is accepted. */
function unwrap(response: AxiosResponse): AxiosResponse {
  const body = response.data as { code?: number; data?: unknown } | '' | null | undefined;
  if (body === '' || body === null || body === undefined || typeof body !== 'object') return fail(emptyResponseNotice(), response.status, body);
  if ('data' in body) return { ...response, data: body.data };
  if (response.status === 200) return { ...response, data: undefined };
  return fail(emptyResponseNotice(), response.status, body);
}

/** Spec §8: the user is told why a call failed, and it rejects with the HttpError. */
export const failCall = (status: number | undefined, body: unknown, code?: string): never =>
  fail(noticeFor({ status, body, code: status ? undefined : code }), status, body);

function refuse(error: unknown): never {
  if (error instanceof HttpError || axios.isCancel(error)) throw error;
  const { response, code } = error instanceof AxiosError ? error : { response: undefined, code: undefined };
  return failCall(response?.status, response?.data, code);
}

client.interceptors.response.use(
  (response) => (response.config.raw ? response : unwrap(response)),
  (error: unknown) => (error instanceof AxiosError && error.config?.raw ? Promise.reject(error) : refuse(error)),
);

/** Where a call to the API goes, its parameters written as the client writes them (for a client other than axios: the log's live stream). */
export const apiUrl = (url: string, params?: object) => new URL(client.getUri({ url, params }), location.href);

/** The envelope's data, when an answer left raw carries one. */
const dataOf = <T>({ data: body }: AxiosResponse) => (typeof body === 'object' && body !== null && 'data' in body ? (body.data as T) : undefined);

/** Typed calls: each resolves to the envelope's `data`, or rejects with an HttpError once the user has been told why. */
export const api = {
  get: <T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T> => {
    const early = takeEarly(url, params);
    const response = early ? early.then(unwrap, refuse) : client.get<T>(url, { ...config, params });
    return response.then(({ data }) => data as T);
  },
  post: <T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> => {
    dropEarly();
    return client.post<T>(url, body, config).then(({ data }) => data);
  },
  /** The data of the same GET sent early, if its answer has come and carries data (anything else is left to `get`, which tells why it failed). */
  answered: <T>(url: string, params?: object) => takeAnswered(url, params, dataOf<T>),
  /**
   * Sends a GET now for a reader that has not loaded yet; its `get` of the same request takes the answer.
   * Resolves to the answer's data for what waits on it meanwhile, or to undefined: why it failed is told to the reader.
   */
  getEarly: <T>(url: string, params?: object): Promise<T | undefined> =>
    startEarly(url, params, () => client.get(url, { params, raw: true })).then(dataOf<T>, () => undefined),
};
