/**
 * antd's style functions, which the build moves out of the console's first chunks
 * (scripts/antd-style-hooks.ts): the built stylesheets hold the default theme's styles, so the code
 * that writes them is loaded only when another theme is chosen, or, should a style be missing from
 * the sheets, when antd first asks for it.
 */
type Generate = (...args: unknown[]) => unknown;
interface Generator {
  style: Generate;
  token?: Generate;
}

/** How a style missing from the sheets is reported (the end-to-end suite fails a test on it). */
export const MISSING_STYLE = 'is not in the built stylesheets';

const captured = new Map<unknown, Generator>();
const generators = new Map<string, Generator>();
let loading: Promise<void> | undefined;
let missed = false;
/** Whether the code is here, and how many times styles were asked for before it was (each asks antd to write them again). */
let state = { loaded: false, misses: 0 };
const listeners = new Set<() => void>();
const publish = (next: typeof state) => {
  state = next;
  listeners.forEach((listener) => listener());
};

/** A factory's result and the functions it was given (in the lazy chunk, as each style module runs). */
export function capture<T>(hook: T, [, style, token]: unknown[]): T {
  captured.set(hook, { style: style as Generate, token: token as Generate | undefined });
  return hook;
}

export function register(file: string, exports: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(exports)) {
    const found = captured.get(value);
    if (found) generators.set(`${file}#${name}`, found);
  }
}

export const loadStyleGenerators = (): Promise<void> => (loading ??= import('./antd-style-generator-modules').then(() => publish({ ...state, loaded: true })));

function generator(key: string): Generator | undefined {
  const found = generators.get(key);
  if (!found && !state.loaded) {
    console.warn(`antd style ${key} ${MISSING_STYLE}`);
    // antd keeps what this call returns, so once the code is here every style is asked for again.
    if (!missed) void loadStyleGenerators().then(() => publish({ ...state, misses: state.misses + 1 }));
    missed = true;
  }
  return found;
}

export const lazyStyle =
  (key: string) =>
  (...args: unknown[]) =>
    generator(key)?.style(...args) ?? [];
export const lazyToken =
  (key: string) =>
  (...args: unknown[]) =>
    generator(key)?.token?.(...args) ?? {};

export const styleGenerators = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
