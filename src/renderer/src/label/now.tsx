import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

const NowContext = createContext<number>(Date.now());

/**
 * One clock for the whole page, so relative times ("5m") move on without a
 * timer per row. Kept in React context, not in a store.
 */
export function NowProvider({ children, periodMs = 30_000, fixed }: { children: ReactNode; periodMs?: number; fixed?: number }) {
  const [now, setNow] = useState(() => fixed ?? Date.now());
  useEffect(() => {
    if (fixed !== undefined) return;
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs, fixed]);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

export function useNow(): number {
  return useContext(NowContext);
}
