import { expect, type Page } from '@playwright/test';
import { israeliIdIsValid } from '../shared/src/rules/customers/israeli-id';

/** Seeded demo catalogue (server/src/seed/demo-catalogue.ts). */
export const SEEDED = {
  desertLight: { he: 'אור במדבר', en: 'Desert Light' },
  dybbuk: { he: 'הדיבוק', en: 'The Dybbuk' },
  summerConcert: { he: 'הופעת הקיץ', en: 'The Summer Concert' },
} as const;

export const DEFAULT_TITLE = '*9080 הוטליין כרטיסים';

export async function expectDocumentLocale(page: Page, lang: string, dir: 'rtl' | 'ltr') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

/** Waits until the booking list has rendered its feature cards. */
export async function waitForFeatures(page: Page) {
  await expect(page.locator('article.feature-card').first()).toBeVisible({ timeout: 15_000 });
}

/**
 * An Israeli ID number nobody in the demo data has (random, valid by the product's own rule): for a spec that
 * enrols or registers a person once per run, since the same holder cannot enrol in a season twice.
 */
export function freshIsraeliId(): string {
  for (;;) {
    const id = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
    if (israeliIdIsValid(id)) return id;
  }
}
