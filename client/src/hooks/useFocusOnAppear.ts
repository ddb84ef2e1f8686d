import { useCallback, useRef } from 'react';

/**
 * A ref callback that focuses its element the first time it appears, when `enabled`: the new step's heading
 * takes focus after a step change (keyboard and screen-reader users land on what changed), even when the step
 * shows a loading state before its heading. The element needs tabIndex={-1}.
 */
export function useFocusOnAppear<T extends HTMLElement>(enabled: boolean): (el: T | null) => void {
  const done = useRef(false);
  return useCallback(
    (el: T | null) => {
      if (!el || !enabled || done.current) return;
      done.current = true;
      el.focus();
    },
    [enabled],
  );
}
