/**
 * The bot check (docs/bot-check.md) for the booking calls that need one: ticket
 * by code, voucher lookup, payment form, commit, and seat locks on restore/release.
 *
 * It reuses the seat map's ALTCHA helper (client/src/seatmap/botcheck.ts): one
 * solved payload per visit, bound by the server to this visitor, reused for every
 * call and re-solved only when refused. Loaded on demand, so pages that never
 * need it never download the solver and its worker.
 */
export async function withBotToken<T>(call: (token: string) => Promise<T>): Promise<T> {
  const { withBotToken: run } = await import('../seatmap/botcheck');
  return run(call);
}

/** Starts solving ahead of the first protected call (e.g. when the payment step opens). */
export function warmBotToken(): void {
  void import('../seatmap/botcheck').then((m) => m.warmBotToken()).catch(() => undefined);
}
