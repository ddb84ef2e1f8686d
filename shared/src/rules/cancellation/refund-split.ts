/**
 * How a refund goes back "the way it came": system vouchers used on the order
 * are re-credited first (up to what each paid, minus what was already given
 * back), then the card gets the rest (a partial refund through the provider).
 * With refundToTransactionCredit everything becomes store credit instead.
 */
export interface PaidWith {
  paymentId: string;
  method: 'card' | 'voucher';
  paidAgorot: number;
  /** Already returned on this payment by earlier cancellations. */
  refundedAgorot: number;
}

export interface RefundPart {
  paymentId: string | null;
  kind: 'card' | 'voucher' | 'credit';
  amountAgorot: number;
}

export function splitRefund(amountAgorot: number, paid: readonly PaidWith[], toCredit: boolean): RefundPart[] {
  if (!Number.isSafeInteger(amountAgorot) || amountAgorot < 0) throw new RangeError('refund must be whole agorot >= 0');
  if (amountAgorot === 0) return [];
  if (toCredit) return [{ paymentId: null, kind: 'credit', amountAgorot }];
  const order = [...paid.filter((p) => p.method === 'voucher'), ...paid.filter((p) => p.method === 'card')];
  const parts: RefundPart[] = [];
  let left = amountAgorot;
  for (const p of order) {
    if (left === 0) break;
    const room = Math.max(0, p.paidAgorot - p.refundedAgorot);
    const take = Math.min(room, left);
    if (take > 0) parts.push({ paymentId: p.paymentId, kind: p.method, amountAgorot: take });
    left -= take;
  }
  // More to give back than was paid: impossible for a consistent order; refuse rather than invent money.
  if (left > 0) throw new RangeError(`refund ${amountAgorot} exceeds what was paid`);
  return parts;
}
