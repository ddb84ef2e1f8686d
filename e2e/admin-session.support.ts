import { expect, request, test as base, type BrowserContextOptions, type Page } from '@playwright/test';
import { base32Decode, hotp, totpStep } from '../server/src/backoffice/totp';
import { withSql } from './sql.support';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** The demo administrator (server/src/seed/demo-staff.ts): every permission, businesses 1 and 2. */
export const ADMIN = { password: 'demo-admin-password', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

/** A TOTP step is accepted once per account and specs sign in many times a minute: the last used step is reset. */
export async function resetAdminSignIn(): Promise<void> {
  await withSql((sql) =>
    sql.query(
      `UPDATE staff_user SET last_totp_step = 0, failed_attempts = 0, locked_until = NULL WHERE username = 'admin'`,
    ),
  );
}

/** The administrator signed in through the API (the sign-in form is proven by the specs that test it). */
async function apiSignIn(baseURL: string | undefined): Promise<StorageState> {
  await resetAdminSignIn();
  const api = await request.newContext({ baseURL });
  try {
    const answer = await api.post('/api/backoffice/sign-in', {
      data: {
        username: 'admin',
        password: ADMIN.password,
        totpCode: hotp(base32Decode(ADMIN.secret), totpStep(Date.now())),
      },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    // What the back office leaves in a browser it signed in (lib/staff-presence.ts): the storefront's hint to ask.
    const origin = new URL(baseURL!).origin;
    const state = await api.storageState();
    return { ...state, origins: [{ origin, localStorage: [{ name: 'hotline.staff', value: '1' }] }] };
  } finally {
    await api.dispose();
  }
}

/** Whether the session in this state is still live (a test may have signed it out, or signed in over it). */
async function stillSignedIn(baseURL: string | undefined, state: StorageState): Promise<boolean> {
  const api = await request.newContext({ baseURL, storageState: state });
  try {
    return (await api.get('/api/backoffice/me')).ok();
  } finally {
    await api.dispose();
  }
}

/** This worker's session (module state lives as long as the worker process), made by the first test that needs it. */
let session: StorageState | undefined;

/**
 * Tests whose browser starts signed in as the administrator: one session per worker, made through the API, for the
 * tests that use the back office but do not test signing in (a sign-in is argon2id, a page and a redirect). Before
 * each test the session is checked and made again if something ended it. A test that signs in or out in its page
 * must use the plain `test`: signing in replaces the browser's session, signing out ends the shared one. Only a
 * test-scoped fixture is overridden, so these tests share their worker with the plain ones (a worker-scoped fixture
 * would make Playwright start another worker, and another browser, for them).
 */
export const adminTest = base.extend({
  storageState: async ({ baseURL }, use) => {
    if (!session || !(await stillSignedIn(baseURL, session))) session = await apiSignIn(baseURL);
    await use(session);
  },
});

/**
 * The same for a test that cannot be an adminTest (a file whose other tests sign in through the form): this worker's
 * administrator session put into the page's browser, with the back office's hint to the storefront.
 */
export async function useAdminSession(page: Page): Promise<void> {
  const baseURL = process.env.E2E_BASE_URL;
  if (!session || !(await stillSignedIn(baseURL, session))) session = await apiSignIn(baseURL);
  await page.context().addCookies(session.cookies);
  await page.context().addInitScript(() => localStorage.setItem('hotline.staff', '1'));
}

/**
 * A back-office section opened as the administrator on this worker's session, for a test that uses the back office
 * but does not test signing in (the form costs a page, argon2id and a redirect each time; `signInAdmin` is for the
 * tests that do).
 */
export async function openAsAdmin(page: Page, section: string, lang: string): Promise<void> {
  await useAdminSession(page);
  await openBackOffice(page, section, lang);
}

/** A back-office section ('' for the first) opened by the signed-in administrator, its menu shown. */
export async function openBackOffice(page: Page, section: string, lang: string): Promise<void> {
  await page.goto(`/backoffice${section ? `/${section}` : ''}?lang=${lang}`);
  await expect(page.locator('nav.bo-menu a').first()).toBeVisible({ timeout: 15_000 });
}
