import { useEffect, useState } from 'react';

/** Spec section 9: minimum fetch display delay 200 ms — fast answers never flash a spinner. */
export const FETCH_DISPLAY_DELAY_MS = 200;

/** True once `active` has stayed true for `delayMs`. */
export function useDelayedFlag(active: boolean, delayMs: number = FETCH_DISPLAY_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
