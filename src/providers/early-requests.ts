import type { AxiosResponse as RawResponse } from 'axios';

/**
 * GET requests started before the code that reads them has loaded: a route's data leaves
 * with the entry script, or when a menu item is pointed at, and the page's own request takes that
 * answer instead of asking again. Each is taken once; one nobody takes within EARLY_REQUEST_MS is
 * dropped, and every write drops them all, so a page never shows what a write has changed since.
 */
export const EARLY_REQUEST_MS = 10_000;

const early = new Map<string, Promise<RawResponse>>();
/** Those of them whose answer has come. */
const answered = new Map<string, RawResponse>();

/** A request's identity: its path and its parameters in any order (as they are sent, undefined left out). */
export const requestKey = (url: string, params: object = {}) =>
  `${url}?${new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  )}`;

/** Starts a request unless the same one is already waiting to be taken; returns the one waiting. */
export function startEarly(url: string, params: object | undefined, send: () => Promise<RawResponse>): Promise<RawResponse> {
  const key = requestKey(url, params);
  const waiting = early.get(key);
  if (waiting) return waiting;
  const response = send();
  // Its failure is reported to whoever takes it, or to nobody.
  response.then((raw) => early.get(key) === response && answered.set(key, raw)).catch(() => undefined);
  early.set(key, response);
  setTimeout(() => early.get(key) === response && forget(key), EARLY_REQUEST_MS);
  return response;
}

const forget = (key: string) => {
  early.delete(key);
  answered.delete(key);
};

/** The answer of the same request started earlier, if one is waiting; it is then no longer waiting. */
export function takeEarly(url: string, params?: object): Promise<RawResponse> | undefined {
  const key = requestKey(url, params);
  const response = early.get(key);
  forget(key);
  return response;
}

/**
 * The same request's answer if it has already come and `accept` takes it, taken now rather than in a
 * later task: a page can then render with it at once. Otherwise it is left waiting for takeEarly.
 */
export function takeAnswered<T>(url: string, params: object | undefined, accept: (raw: RawResponse) => T | undefined): { value: T } | undefined {
  const key = requestKey(url, params);
  const came = answered.get(key);
  const value = came && accept(came);
  if (!came || value === undefined) return undefined;
  forget(key);
  return { value };
}

export const dropEarly = () => {
  early.clear();
  answered.clear();
};
