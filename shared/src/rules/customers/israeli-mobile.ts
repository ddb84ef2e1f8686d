import { normaliseMobile } from './normalise-mobile';

const ISRAELI_MOBILE = /^05\d{8}$/;

/**
 * An Israeli mobile number, 05X-XXXXXXX, in any of the forms `normaliseMobile`
 * understands (with +972, dashes, spaces). Any 05X prefix is accepted: the
 * operators' allocation changes and a stale list would lock customers out.
 */
export function isValidIsraeliMobile(input: string): boolean {
  return typeof input === 'string' && ISRAELI_MOBILE.test(normaliseMobile(input));
}
