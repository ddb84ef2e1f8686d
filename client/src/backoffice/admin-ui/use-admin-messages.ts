import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An admin screen's outcome of its last change: a notice when it was taken, a refusal when not (`R`: the refusal's
 * text, or an object carrying it with what the screen lists under it). A new refusal takes the focus, so it is read
 * at once whichever button was pressed; `clear` empties both before the next change.
 */
export function useAdminMessages<R = string>() {
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<R | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const clear = useCallback(() => {
    setNotice(null);
    setRefusal(null);
  }, []);

  return { notice, setNotice, refusal, setRefusal, refusalRef, clear };
}
