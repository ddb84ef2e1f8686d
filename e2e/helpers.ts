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
