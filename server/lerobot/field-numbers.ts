/** What a mapped field holds in one decoded message: its numbers, or why it holds none. */
export type FieldNumbers = { numbers: ArrayLike<number>; names?: string[] } | { problem: string };

const describe = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'a list that is not all numbers'
      : typeof value === 'object'
        ? 'an object, not numbers'
        : `a ${typeof value}`;

function asNumbers(value: unknown): ArrayLike<number> | undefined {
  if (typeof value === 'number') return [value];
  if (typeof value === 'bigint') return [Number(value)];
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    if (value instanceof BigInt64Array || value instanceof BigUint64Array) return Array.from(value, Number);
    return value as unknown as ArrayLike<number>;
  }
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'number')) return value as number[];
    if (value.every((item) => typeof item === 'number' || typeof item === 'bigint')) return value.map(Number);
  }
  return undefined;
}

/** The keys of an object, for a message saying which fields there are. */
const keysOf = (value: unknown) => (value && typeof value === 'object' && !ArrayBuffer.isView(value) ? Object.keys(value).slice(0, 20) : []);

/**
 * The numbers at a dotted path of a decoded message ("position", "pose.position.x", "joints.2.angle"): a number, or a
 * list (an array or typed array) of numbers. Where the message is a sensor_msgs/JointState-like one (a `name` list of
 * strings beside the field, of the same length), those names come with the numbers.
 */
export function fieldNumbers(message: unknown, path: string): FieldNumbers {
  let parent: unknown;
  let value = message;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return { problem: `has no field "${part}" (its parent is ${describe(value)})` };
    parent = value;
    value = (value as Record<string, unknown>)[part];
    if (value === undefined) {
      const keys = keysOf(parent);
      return { problem: `has no field "${part}"${keys.length ? ` (it has ${keys.map((key) => `"${key}"`).join(', ')})` : ''}` };
    }
  }
  const numbers = asNumbers(value);
  if (!numbers) return { problem: `is ${describe(value)}` };
  const siblingNames = (parent as Record<string, unknown> | undefined)?.name;
  const names =
    Array.isArray(siblingNames) && siblingNames.length === numbers.length && siblingNames.every((name) => typeof name === 'string') ? siblingNames : undefined;
  return names ? { numbers, names } : { numbers };
}
