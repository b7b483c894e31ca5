/** A time as the API writes it: a timestamp the driver gave as a Date (or already as text) in ISO form; null for none. */
export const isoText = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : value ? String(value) : null);
