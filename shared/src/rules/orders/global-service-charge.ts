import { assertFiniteNumber, assertNonNegativeInteger } from '../assert';
import { percentOf } from '../money/percent-of';

export const DEFAULT_GLOBAL_SERVICE_CHARGE_NAME = 'handling fee';

export interface GlobalServiceChargeConfig {
  /** Fixed charge per order, in agorot. */
  amountPerOrder?: number | null;
  /** Percent of the subtotal per order (5 means 5%). */
  percentRatePerOrder?: number | null;
  name?: string | null;
}

export interface GlobalServiceCharge {
  name: string;
  amountAgorot: number;
}

const isSet = (value: number | null | undefined): value is number =>
  value !== undefined && value !== null && value !== 0;

/**
 * The order-level service charge (memberships-backoffice-spec.md sections 3 and 9):
 * either a fixed amount per order or a percent of `subtotalAgorot`, named
 * "handling fee" unless configured otherwise. Unconfigured (absent, null or 0)
 * gives 0.
 *
 * Both configured at once throws: the spec says "either", and adding them up or
 * silently picking one would charge the visitor something nobody set. The fixed
 * amount applies even to a free order; that is what "per order" means.
 */
export function globalServiceCharge(config: GlobalServiceChargeConfig, subtotalAgorot: number): GlobalServiceCharge {
  assertNonNegativeInteger(subtotalAgorot, 'subtotalAgorot');
  const { amountPerOrder, percentRatePerOrder } = config;
  const name = config.name?.trim() ? config.name.trim() : DEFAULT_GLOBAL_SERVICE_CHARGE_NAME;
  if (isSet(amountPerOrder) && isSet(percentRatePerOrder)) {
    throw new RangeError('a global service charge is either amountPerOrder or percentRatePerOrder, not both');
  }
  if (isSet(amountPerOrder)) {
    assertNonNegativeInteger(amountPerOrder, 'amountPerOrder');
    return { name, amountAgorot: amountPerOrder };
  }
  if (isSet(percentRatePerOrder)) {
    assertFiniteNumber(percentRatePerOrder, 'percentRatePerOrder');
    if (percentRatePerOrder < 0)
      throw new RangeError(`percentRatePerOrder must not be negative, got ${percentRatePerOrder}`);
    return { name, amountAgorot: percentOf(subtotalAgorot, percentRatePerOrder) };
  }
  return { name, amountAgorot: 0 };
}
