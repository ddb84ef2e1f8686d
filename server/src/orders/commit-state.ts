/**
 * The commit saga's states (docs/booking.md has the diagram). Each state the
 * recovery job may meet is persisted on the cart's charge (its money_attempt
 * row) and the cart row, so a node that dies between two steps leaves something
 * the job can act on:
 *
 *   state           attempt state     cart.status   who moves it on
 *   quoted          (no row yet)      open          the request (nothing written, nothing owed)
 *   charging        pending           paying        the request; if its node dies: the job (asks the provider)
 *   charged         pending           paying        the request (writes the sale); if its node dies: the job
 *   sold            approved          paid          final
 *   released        declined/failed   open          final for this attempt (no money moved); the cart may pay again
 *   refunding       refund_pending    paying        the request (provider refund)
 *   refund_pending  refund_pending    refunded      the job, with back-off, until the provider confirms
 *   refunded        refunded          refunded      final
 *
 * `charging` and `charged` look the same in PostgreSQL on purpose: recording
 * "charged" would cost a statement on every commit, and the provider is the
 * authority on whether money moved (PaymentProvider.status, by idempotency key).
 */
export type CommitState =
  | { kind: 'quoted' }
  | { kind: 'charging'; paymentId: string }
  | { kind: 'charged'; paymentId: string; providerReference: string }
  | { kind: 'sold'; reservationId: string }
  | { kind: 'released'; reason: string }
  | { kind: 'refunding'; paymentId: string; reason: string }
  | { kind: 'refund_pending'; paymentId: string; reason: string }
  | { kind: 'refunded'; paymentId: string; reason: string };

export type CommitStateKind = CommitState['kind'];

/** Which transitions the saga may take; anything else is a bug (asserted in tests). */
export const COMMIT_TRANSITIONS: Readonly<Record<CommitStateKind, readonly CommitStateKind[]>> = {
  quoted: ['charging', 'sold', 'released'],
  charging: ['charged', 'released'],
  charged: ['sold', 'refunding'],
  refunding: ['refunded', 'refund_pending'],
  refund_pending: ['refunded'],
  sold: [],
  released: [],
  refunded: [],
};

export function canMove(from: CommitStateKind, to: CommitStateKind): boolean {
  return COMMIT_TRANSITIONS[from].includes(to);
}
