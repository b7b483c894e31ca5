import { i18n, pickMessage } from './i18n';

/** What the console does about a failed call (spec §8). */
export interface FailureNotice {
  level: 'error' | 'warning';
  message: string;
  /** Extra detail under the catalogue text: the server's message, or what the status means. */
  description?: string;
  /** 403: the session has ended (clear user info and token, go to sign-in). */
  endSession?: boolean;
  /** One notice for many calls failing alike (a page's calls while the password must be changed). */
  key?: string;
}

export interface FailedCall {
  status?: number;
  body?: unknown;
  /** What happened instead of an answer (http.ts): ECONNABORTED (or ETIMEDOUT) for a timeout, ERR_NETWORK when no answer came. */
  code?: string;
}

const GENERIC = 'errors:generic';
const serverMessage = (body: unknown) => pickMessage((body as { message?: unknown } | undefined)?.message);

const statusText = (status: number | undefined, code: string | undefined) => {
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return i18n.t('errors:apiTimeout');
  if (code === 'ERR_NETWORK' && !status) return i18n.t('errors:network');
  return status && i18n.exists(`errors:status.${status}`) ? i18n.t(`errors:status.${status}`) : undefined;
};

export function noticeFor({ status, body, code }: FailedCall): FailureNotice {
  if (status === 403) return { level: 'error', message: i18n.t('errors:sessionExpired'), endSession: true };
  // The session stays: the account must change its one-time password first (the layout offers the way).
  if (status === 428) return { level: 'warning', message: serverMessage(body) ?? i18n.t('errors:passwordChangeRequired'), key: 'password-change-required' };
  if (status === 401) return { level: 'error', message: serverMessage(body) ?? i18n.t(GENERIC) };
  if (status === 400) return { level: 'warning', message: serverMessage(body) ?? i18n.t(GENERIC) };
  return { level: 'error', message: i18n.t(GENERIC), description: serverMessage(body) ?? statusText(status, code) };
}

/** Spec §8: an empty body, or no data with a non-success status. */
export const emptyResponseNotice = (): FailureNotice => ({ level: 'error', message: i18n.t('errors:emptyResponse') });

/** The error every failed call rejects with; Refine reads `statusCode` and `message`. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | undefined,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The field a 400 or 409 named, so a form can mark it. */
  get field(): string | undefined {
    return (this.body as { data?: { field?: string } } | undefined)?.data?.field;
  }

  /** Refine's shape for server-side validation: the named field gets the message. */
  get errors(): Record<string, string> | undefined {
    return this.field ? { [this.field]: this.message } : undefined;
  }
}
