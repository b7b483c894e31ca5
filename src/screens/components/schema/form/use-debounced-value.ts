import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (the first one at once): work done per keystroke waits for a pause. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
