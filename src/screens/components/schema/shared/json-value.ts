/**
 * A JSON field of a record, as the server answers it (its text) or already parsed, when it has the
 * expected shape; otherwise the fallback. A page shows what it can of a malformed field rather than
 * failing whole.
 */
export function jsonValue<T>(value: unknown, fits: (parsed: unknown) => parsed is T, fallback: T): T {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value || 'null');
    } catch {
      return fallback;
    }
  }
  return fits(parsed) ? parsed : fallback;
}

export const isArray = (parsed: unknown): parsed is unknown[] => Array.isArray(parsed);
export const isObject = (parsed: unknown): parsed is Record<string, unknown> => !!parsed && typeof parsed === 'object' && !Array.isArray(parsed);
