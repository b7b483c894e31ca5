/**
 * What the columns of spec entities can hold, so a value outside is refused with 400 before it
 * reaches the database (which would fail with a 500): moments of the years 0001 to 9999 (UTC),
 * money below 10^12 (numeric(14,2)), safe integers, finite decimals.
 */
export const EARLIEST_TIME = Date.parse('0001-01-01T00:00:00.000Z');
export const LATEST_TIME = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether a moment (ms since the epoch) is one the database holds and every client shows. */
export const withinDates = (time: number) => Number.isFinite(time) && time >= EARLIEST_TIME && time <= LATEST_TIME;

const ISO_MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):\d{2})?)?$/i;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) => [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;

/**
 * An ISO 8601 date (`2026-11-22`) or date-time (`2026-11-22T08:00:00.000Z`, an offset or none) as a
 * moment, when it names a real day and time within the years 0001 to 9999; otherwise undefined.
 */
export function instantOf(text: string): Date | undefined {
  const match = ISO_MOMENT.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHours = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysIn(year!, month!)) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23) return undefined;
  const time = Date.parse(text.replace(' ', 'T'));
  return withinDates(time) ? new Date(time) : undefined;
}

/** The largest magnitude a numeric(14,2) column holds: 12 digits before the point, 2 after. */
export const MONEY_LIMIT = 999_999_999_999.99;

/** A number as a query string writes it: decimal digits, an optional fraction and exponent; no hex, no `Infinity`. */
export const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
/** A whole number as a query string writes it. */
export const WHOLE = /^[+-]?\d{1,16}$/;
