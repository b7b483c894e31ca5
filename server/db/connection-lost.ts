/**
 * Whether a query failed because the database could not be reached (PostgreSQL stopped, restarting,
 * or the connection cut) rather than because of what was asked: such a failure is the server's
 * outage, answered 503 and gone once a new connection opens, never a 500 or a 400.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}

/** admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping), too_many_connections; class 08 is connection exceptions. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres says these without a code. */
const MESSAGES = ['Connection terminated', 'timeout exceeded when trying to connect', 'Client has encountered a connection error'];
