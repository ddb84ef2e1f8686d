import type { SupportedLocale } from './lib/rules';

/**
 * Deployment settings a host page may inject before the bundle loads:
 *   <script>window.__HOTLINE_CONFIG__ = { hotline: '*9080', brand: { he: '…', en: '…' } }</script>
 * Anything missing falls back to the defaults (brand text then comes from the locale files).
 */
export interface HotlineConfig {
  /** The phone hotline shown first in the page title and in the header. */
  hotline?: string;
  /** Ticket-office brand; one string for every language or one per locale. */
  brand?: string | Partial<Record<SupportedLocale, string>>;
}

declare global {
  interface Window {
    __HOTLINE_CONFIG__?: HotlineConfig;
  }
}

export const DEFAULT_HOTLINE = '*9080';

export function hotlineConfig(): HotlineConfig {
  const raw = typeof window !== 'undefined' ? window.__HOTLINE_CONFIG__ : undefined;
  return raw && typeof raw === 'object' ? raw : {};
}

export function hotlineNumber(): string {
  const value = hotlineConfig().hotline;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : DEFAULT_HOTLINE;
}

/** The configured brand for `locale`, or null to use the translated default. */
export function configuredBrand(locale: SupportedLocale): string | null {
  const brand = hotlineConfig().brand;
  if (typeof brand === 'string' && brand.trim() !== '') return brand.trim();
  if (brand && typeof brand === 'object') {
    const value = brand[locale];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** "tel:" target for a hotline such as *9080 (the star must be escaped in a URL). */
export function hotlineHref(hotline: string): string {
  return `tel:${hotline
    .replace(/[^0-9*#+]/g, '')
    .replace(/\*/g, '%2A')
    .replace(/#/g, '%23')}`;
}
