import { jerusalemDateKey, jerusalemTimeOfDay, jerusalemWallClockToUtc } from '@hotline/shared';

/** An instant as the Israel wall clock a datetime-local field shows. */
export const asLocal = (iso: string | null) => (iso ? `${jerusalemDateKey(iso)}T${jerusalemTimeOfDay(iso)}` : '');

/** A datetime-local value read as Israel time; null when empty, undefined when it is not a real moment. */
export function asInstant(local: string): string | null | undefined {
  if (!local.trim()) return null;
  const [date, time] = local.split('T');
  try {
    return jerusalemWallClockToUtc(date ?? '', (time ?? '').slice(0, 5)).toISOString();
  } catch {
    return undefined;
  }
}
