/** Converts a wall-clock time in Asia/Jerusalem to the UTC instant (DST-correct). */
export function jerusalemWallClockToUtc(dateKey: string, time: string): Date {
  const guess = new Date(`${dateKey}T${time}:00Z`);
  // Offset of Jerusalem at (about) that instant; iterate once more for the DST edge.
  let utc = guess.getTime() - offsetMs(guess);
  utc = guess.getTime() - offsetMs(new Date(utc));
  return new Date(utc);
}

function offsetMs(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Jerusalem', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

export function jerusalemDateKey(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(at);
}

export function addDays(dateKey: string, days: number): string {
  const d = new Date(`${dateKey}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
