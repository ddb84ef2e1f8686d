import type { CouponChannel } from './coupon-terms';

/**
 * A date's channel allocations as counted quotas: at most this many seats of the date are sold through each
 * channel named (the storefront, the box office, a mini-site, a partner's link: the channels a coupon names). A
 * channel not named is limited only by the hall. Counted from live tickets, so a cancelled order or a released hold
 * gives its seats back by itself.
 */
export type ChannelQuotas = Partial<Record<CouponChannel, number>>;

/** The largest quota the back office accepts (the largest plan is 100,000 seats). */
export const CHANNEL_QUOTA_MAX = 100_000;

/** Seats one order takes from one date's quota for its channel. */
export interface ChannelQuotaClaim {
  presentationId: number;
  channel: CouponChannel;
  seats: number;
}

/**
 * What an order on `channel` takes from quotas: its seats per date, for the dates whose quotas name that channel
 * (others take nothing), in date order so every claim locks quota rows in one order.
 */
export function channelQuotaClaims(
  channel: CouponChannel,
  seats: readonly { presentationId: number }[],
  quotasOf: (presentationId: number) => ChannelQuotas | undefined,
): ChannelQuotaClaim[] {
  const perDate = new Map<number, number>();
  for (const s of seats) {
    if (quotasOf(s.presentationId)?.[channel] === undefined) continue;
    perDate.set(s.presentationId, (perDate.get(s.presentationId) ?? 0) + 1);
  }
  return [...perDate].sort(([a], [b]) => a - b).map(([presentationId, n]) => ({ presentationId, channel, seats: n }));
}

/** Seats a quota has left after the live tickets sold through its channel (never below zero: a lowered quota). */
export function channelQuotaLeft(quota: number, sold: number): number {
  return Math.max(0, quota - sold);
}
