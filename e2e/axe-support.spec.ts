import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { axeFor } from './axe.support';

/** The version of the axe-core @axe-core/playwright itself loads (its default source). */
const buildersAxeVersion = () => {
  const fromBuilder = createRequire(require.resolve('@axe-core/playwright'));
  return (JSON.parse(readFileSync(fromBuilder.resolve('axe-core/package.json'), 'utf8')) as { version: string })
    .version;
};

/** The terms page rendered (React draws it after the load event: its <main> is not there before). */
async function openTerms(page: Page): Promise<void> {
  await page.goto('/booking/terms');
  await expect(page.locator('main h1')).toBeVisible();
}

/**
 * The fast axe every spec uses (axe.support.ts: legacy mode, violations only) must see what the default mode sees:
 * a violation in the page and one inside an iframe, as on the payment page's card dialog.
 */
test('axe as the specs run it finds a violation in the page and inside a frame', async ({ page }) => {
  await openTerms(page);
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    img.id = 'probe-image';
    document.querySelector('main')!.append(img);
    const frame = document.createElement('iframe');
    frame.title = 'probe frame';
    frame.srcdoc =
      '<!doctype html><html lang="en"><title>f</title><main><button id="probe-button"></button></main></html>';
    document.querySelector('main')!.append(frame);
  });
  await expect(page.frameLocator('iframe[title="probe frame"]').locator('#probe-button')).toBeAttached();
  const { violations } = await axeFor(page).withTags(['wcag2a']).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
  expect(found).toEqual(
    expect.arrayContaining(['image-alt #probe-image', expect.stringMatching(/^button-name .*#probe-button/)]),
  );
});

test('a second check of the same document (axe already in its frames) still sees what changed, in the page and in a frame', async ({
  page,
}) => {
  await openTerms(page);
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.title = 'probe frame';
    frame.srcdoc = '<!doctype html><html lang="en"><title>f</title><main><p>nothing wrong</p></main></html>';
    document.querySelector('main')!.append(frame);
  });
  await expect(page.frameLocator('iframe[title="probe frame"]').locator('p')).toBeAttached();
  expect((await axeFor(page).withTags(['wcag2a']).analyze()).violations).toEqual([]);
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    img.id = 'probe-image';
    document.querySelector('main')!.append(img);
    const inner = document.querySelector<HTMLIFrameElement>('iframe[title="probe frame"]')!.contentDocument!;
    const button = inner.createElement('button');
    button.id = 'probe-button';
    inner.querySelector('main')!.append(button);
  });
  const { violations } = await axeFor(page).withTags(['wcag2a']).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
  expect(found).toEqual(
    expect.arrayContaining(['image-alt #probe-image', expect.stringMatching(/^button-name .*#probe-button/)]),
  );
});

/**
 * axe.support.ts injects axe's minified build instead of the builder's unminified default: it must be the very
 * version the builder would have injected, and its colour-contrast rule (the costliest, and the one most often
 * broken by a change of style) must still find a failure.
 */
test("the injected axe is the builder's own axe-core version and finds a contrast failure", async ({ page }) => {
  await openTerms(page);
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.id = 'probe-faint';
    faint.textContent = 'faint text';
    faint.style.color = '#bbbbbb';
    faint.style.background = '#ffffff';
    document.querySelector('main')!.append(faint);
  });
  const { violations } = await axeFor(page).withTags(['wcag2aa']).analyze();
  expect(await page.evaluate('window.axe.version')).toBe(buildersAxeVersion());
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
  expect(found).toContain('color-contrast #probe-faint');
});
