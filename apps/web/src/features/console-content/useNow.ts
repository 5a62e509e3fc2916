import { useEffect, useState } from 'react';

/** The time now, moved on every `everyMs` (default 30 s), so what depends on it (a message's status) keeps up. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
