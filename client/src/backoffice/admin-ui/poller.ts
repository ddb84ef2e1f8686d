/**
 * Reads something again and again, the next read only after the last one answered, so a slow server is never asked
 * twice at once; a failed read is reported and the polling goes on. Plain TypeScript, so the loop is tested without
 * React; `usePolled` is the screens' way in.
 */
export function startPolling<T>(
  read: () => Promise<T>,
  everyMs: number,
  onValue: (value: T) => void,
  onFailure: () => void,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    try {
      const value = await read();
      if (stopped) return;
      onValue(value);
    } catch {
      if (stopped) return;
      onFailure();
    }
    timer = setTimeout(() => void poll(), everyMs);
  };
  void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
