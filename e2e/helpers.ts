import { expect, type Page } from '@playwright/test';

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
 * An Israeli ID number nobody in the demo data has (eight random digits and the check digit): for a spec that
 * enrols or registers a person once per run, since the same holder cannot enrol in a season twice.
 */
export function freshIsraeliId(): string {
  const body = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10));
  const sum = body.reduce((acc, d, i) => {
    const p = d * ((i % 2) + 1);
    return acc + (p > 9 ? p - 9 : p);
  }, 0);
  return [...body, (10 - (sum % 10)) % 10].join('');
}
