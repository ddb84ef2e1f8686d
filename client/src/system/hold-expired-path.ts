/** Where a hold that ran out leads (both order timers): a page that says so, never a silent jump to the catalogue. */
export function holdExpiredPath(presentationId: number | null | undefined): string {
  return presentationId ? `/booking/hold-expired?show=${presentationId}` : '/booking/hold-expired';
}
