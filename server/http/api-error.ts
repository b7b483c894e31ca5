/** An expected failure: an HTTP status, a message key of the `errors` catalogue and what the key interpolates. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

export const notFound = (key = 'errors:notFound') => new ApiError(404, key);
export const forbidden = () => new ApiError(403, 'errors:forbidden');
export const sessionExpired = () => new ApiError(403, 'errors:sessionExpired');
/** 428: the account still has a one-time password and must change it before anything else. */
export const passwordChangeRequired = () => new ApiError(428, 'errors:passwordChangeRequired');
