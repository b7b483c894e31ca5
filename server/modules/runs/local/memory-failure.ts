/**
 * Whether a failed process ran out of memory under its address-space limit: the limit makes an
 * allocation fail, and each runtime says so in its own words before it exits (Python's
 * MemoryError, C++'s bad_alloc, glibc's ENOMEM text, Node's heap messages).
 */
const OUT_OF_MEMORY =
  /MemoryError|std::bad_alloc|Cannot allocate memory|out of memory|Failed to reserve virtual memory|allocation failed|memory exhausted|failed to map segment/i;

export const ranOutOfMemory = (stderrTail: readonly string[]): boolean => stderrTail.some((line) => OUT_OF_MEMORY.test(line));
