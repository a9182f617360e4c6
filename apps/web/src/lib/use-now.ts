import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** The current time, read again every minute, so that '{n} left' and '5 minutes ago' stay true while a page is open. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
