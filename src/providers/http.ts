import { dropEarly, startEarly, takeAnswered, takeEarly } from './early-requests';
import { emptyResponseNotice, HttpError, noticeFor, type FailureNotice } from './http-errors';
import { notifier } from './notifier';
import { sessionStore } from './session-store';

/** Spec §7: one base path, JSON, 30 s, bearer token when one exists. */
export const REQUEST_TIMEOUT_MS = 30_000;
const BASE_URL = '/api/v1';

/** An answer as it came: its status and its body (JSON when it parses, else the text). */
export interface RawResponse {
  status: number;
  data: unknown;
}

/** Why a call failed: the answer, when one came (not 2xx), or the code of what happened instead. */
class RequestFailure extends Error {
  constructor(
    readonly code: 'ERR_BAD_RESPONSE' | 'ECONNABORTED' | 'ERR_NETWORK',
    readonly response?: RawResponse,
  ) {
    super(code);
  }
}

/** Query values as axios wrote them before (the server reads them so): `:`, `$`, `,`, `[`, `]` kept, a space as `+`. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+').replace(/%5B/gi, '[').replace(/%5D/gi, ']');

/** `?a=1&b[]=2&b[]=3`: absent and null values left out, dates as ISO strings, objects as JSON. */
export function queryString(params: object = {}): string {
  const pairs = Object.entries(params).flatMap(([key, value]) => {
    if (value === undefined || value === null) return [];
    const [name, values] = Array.isArray(value) ? [`${key}[]`, value as unknown[]] : [key, [value]];
    return values.map((item) => {
      const text = item instanceof Date ? item.toISOString() : typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      return `${encode(name)}=${encode(text)}`;
    });
  });
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A response's text: its JSON, or the text itself. */
export const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Where a call to the API goes (for a client other than fetch: an upload's parts go by XMLHttpRequest). */
export const apiUrl = (url: string, params?: object) => new URL(`${BASE_URL}${url}${queryString(params)}`, location.href);

/** The bearer token, read as a call leaves, when one exists. */
export function authorization(): Record<string, string> {
  const token = sessionStore.token();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Sends one call with the browser's fetch: it leaves at once (the token is read as it goes), and
 * resolves with any 2xx answer; anything else rejects with a RequestFailure.
 */
async function send(method: 'GET' | 'POST', url: string, { params, body }: { params?: object; body?: unknown } = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...authorization() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(url, params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new RequestFailure((error as Error)?.name === 'TimeoutError' ? 'ECONNABORTED' : 'ERR_NETWORK');
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new RequestFailure((error as Error)?.name === 'TimeoutError' ? 'ECONNABORTED' : 'ERR_NETWORK');
  }
  const answer = { status: response.status, data: parse(text) };
  if (response.status < 200 || response.status >= 300) throw new RequestFailure('ERR_BAD_RESPONSE', answer);
  return answer;
}

function fail(notice: FailureNotice, status: number | undefined, body?: unknown): never {
  notifier[notice.level](notice.message, notice.description, ...(notice.key ? [notice.key] : []));
  if (notice.endSession) sessionStore.clear('expired'); // the route guard takes the user to sign-in
  throw new HttpError(notice.message, status, body);
}

/** Spec §7 response handling: `data` is returned; without it only HTTP 200 is accepted. */
function unwrap(response: RawResponse) {
  const body = response.data as { code?: number; data?: unknown } | '' | null | undefined;
  if (body === '' || body === null || body === undefined || typeof body !== 'object') return fail(emptyResponseNotice(), response.status, body);
  if ('data' in body) return body.data;
  if (response.status === 200) return undefined;
  return fail(emptyResponseNotice(), response.status, body);
}

/** Tells the user why a call failed (spec §8, as every call does) and rejects with the HttpError: for a client other than fetch. */
export const failCall = (status: number | undefined, body: unknown, code?: 'ECONNABORTED' | 'ERR_NETWORK'): never =>
  fail(noticeFor({ status, body, code: status ? undefined : code }), status, body);

function reject(error: unknown): never {
  if (error instanceof HttpError) throw error;
  const { response, code } = error instanceof RequestFailure ? error : { response: undefined, code: undefined };
  return fail(noticeFor({ status: response?.status, body: response?.data, code }), response?.status, response?.data);
}

/** The client: a call resolves to the envelope's `data`, or rejects with an HttpError once the user has been told why. */
export const http = {
  defaults: { baseURL: BASE_URL, timeout: REQUEST_TIMEOUT_MS },
  get: <T>(url: string, config: { params?: object } = {}) => send('GET', url, config).then(unwrap, reject) as Promise<T>,
  post: <T>(url: string, body?: unknown) => send('POST', url, { body }).then(unwrap, reject) as Promise<T>,
};

/** The envelope's data, when the answer carries one. */
const dataOf = <T>({ data: body }: RawResponse) => (typeof body === 'object' && body !== null && 'data' in body ? (body.data as T) : undefined);

/** Typed helpers. */
export const api = {
  get: <T>(url: string, params?: object): Promise<T> => {
    const early = takeEarly(url, params);
    return early ? (early.then(unwrap, reject) as Promise<T>) : http.get<T>(url, { params });
  },
  post: <T>(url: string, body?: unknown) => {
    dropEarly();
    return http.post<T>(url, body);
  },
  /** The data of the same GET sent early, if its answer has come and carries data (anything else is left to `get`, which tells why it failed). */
  answered: <T>(url: string, params?: object) => takeAnswered(url, params, dataOf<T>),
  /**
   * Sends a GET now for a reader that has not loaded yet; its `get` of the same request takes the answer.
   * Resolves to the answer's data for what waits on it meanwhile, or to undefined: why it failed is told to the reader.
   */
  getEarly: <T>(url: string, params?: object): Promise<T | undefined> =>
    startEarly(url, params, () => send('GET', url, { params })).then(dataOf<T>, () => undefined),
};
