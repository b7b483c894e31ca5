const pad = (value: number) => String(value).padStart(2, '0');

/** Spec §9: dates YYYY-MM-DD, times HH:mm:ss (local time). */
export function formatDateTime(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Spec §9: thousands separators, 2 digits after the point unless said otherwise. */
export const formatNumber = (value: number, precision = 2) => numberFormat(precision).format(value);

/** One formatter per precision: toLocaleString builds one per call, the dearest part of a table's cells. */
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
