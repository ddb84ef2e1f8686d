/**
 * Removes '#' from an address (storefront-spec.md section 5: "a '#' in an
 * address is cleaned"). Addresses travel in URLs and to the payment provider,
 * where '#' starts a fragment and silently cuts off the rest. The spaces around a
 * removed '#' are collapsed so 'Herzl 5 # 3' becomes 'Herzl 5 3', not 'Herzl 5  3'.
 */
export function cleanAddress(address: string): string {
  if (typeof address !== 'string') throw new TypeError(`address must be a string, got ${String(address)}`);
  return address.replace(/\s*#+\s*/g, ' ').trim();
}
