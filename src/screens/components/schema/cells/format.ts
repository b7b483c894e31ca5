const pad = (value: number) => String(value).padStart(2, '0');

/** Spec §9: dates YYYY-MM-DD, times HH:mm:ss (local time). */
export function formatDateTime(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * `value`'s magnitude with `precision` digits after the point, rounded as ICU rounds: half up, on
 * the shortest decimal that reads back as the number (1.005 → 1.01, where toFixed gives 1.00).
 */
function fixedDigits(magnitude: number, precision: number): string {
  const [, whole = '', fraction = '', exponent = '0'] = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(magnitude)) ?? [];
  const digits = whole + fraction;
  const point = whole.length + Number(exponent); // where the point falls in `digits`
  const kept = point + precision;
  if (kept < 0) return (0).toFixed(precision);
  let rounded = (digits + '0'.repeat(Math.max(0, kept - digits.length))).slice(0, kept) || '0';
  if (Number(digits[kept] ?? 0) >= 5) rounded = (BigInt(rounded) + 1n).toString().padStart(rounded.length, '0');
  const padded = rounded.padStart(precision + 1, '0');
  const integer = padded.slice(0, padded.length - precision);
  return precision ? `${integer}.${padded.slice(-precision)}` : integer;
}

/**
 * Spec §9: thousands separators, 2 digits after the point unless said otherwise; what
 * Intl.NumberFormat('en-US') writes. By hand: a page's first Intl.NumberFormat costs 15–25 ms
 * (ICU's data) in Chromium, on the first list's critical path.
 */
export function formatNumber(value: number, precision = 2): string {
  if (!Number.isFinite(value)) return numberFormat(precision).format(value); // NaN, ∞
  const [whole, fraction] = fixedDigits(Math.abs(value), precision).split('.');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** NaN and the infinities, as Intl writes them: one formatter per precision. */
const numberFormats = new Map<number, Intl.NumberFormat>();
const numberFormat = (precision: number) => {
  let format = numberFormats.get(precision);
  if (!format) numberFormats.set(precision, (format = new Intl.NumberFormat('en-US', { minimumFractionDigits: precision, maximumFractionDigits: precision })));
  return format;
};

/** Spec §9: money in yuan. */
export const formatMoney = (value: number) => `¥${formatNumber(value, 2)}`;

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
/** Sizes in 1024 steps, 2 digits: 1.50 GB. */
export function formatBytes(value: number): string {
  let unit = 0;
  let amount = value;
  while (Math.abs(amount) >= 1024 && unit < BYTE_UNITS.length - 1) {
    amount /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${formatNumber(amount, 2)} ${BYTE_UNITS[unit]}`;
}

/** Spec §9: durations in days, hours, minutes and seconds; `units` are the language's four words. */
export function formatDuration(seconds: number, units: [string, string, string, string]): string {
  const parts = [Math.floor(seconds / 86_400), Math.floor((seconds % 86_400) / 3600), Math.floor((seconds % 3600) / 60), Math.floor(seconds % 60)];
  const first = parts.findIndex((part) => part > 0);
  if (first < 0) return `0${units[3]}`;
  return parts
    .slice(first)
    .map((part, index) => `${part}${units[first + index]}`)
    .join(' ');
}
