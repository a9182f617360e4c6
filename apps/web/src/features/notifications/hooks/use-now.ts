import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** The current time, read again every minute, so that '5 minutes ago' keeps true while the page is open. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
