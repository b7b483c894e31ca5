/**
 * Resolves after pending I/O callbacks have run. Long work on the one event loop (a parser between
 * chunks, an export between batches, a log writer between statements) calls it so other requests get
 * their turn: queries on the embedded database resolve through microtasks alone, so a loop of them
 * would otherwise never let a timer or a socket in.
 */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
