/**
 * `value`, once it has stopped changing for `delayMs` (the spec debounces search and surcharge
 * lookups by 300 ms). The first render returns `value` itself, so a value a widget starts with (an
 * attribute) is used at once.
 */
import { useEffect, useState } from 'react';

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
