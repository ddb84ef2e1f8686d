import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * No word of another language on a page, read as a person meets it - its visible text, the accessible names
 * (aria-label, alt, title, placeholder) and the document title: no Hebrew letter, no letter of the other language's
 * script, and no Latin word but codes (references, order numbers: a digit or all capitals), links, e-mail addresses,
 * keys as printed on the keyboard and the few names that have no translation (ALLOWED). The language switcher names
 * each language in its own words on purpose and is left out; a person's name (marked translate="no") may be Latin but
 * never Hebrew. A page with a foreign word has its screenshot in the test's output folder, for a person to look at
 * (every page's with E2E_LANGUAGE_SHOTS=1). Used by the
 * storefront's walk (a11y-storefront.spec.ts, beside axe on the same pages) and the back office's
 * (i18n-every-page.spec.ts).
 */
const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/;
const ARABIC = /[\u0600-\u06ff]/;
const CYRILLIC = /[\u0400-\u04ff]/;
const OTHER_SCRIPT = { ru: ARABIC, ar: CYRILLIC } as const;
/** Words that stay as they are in every language: card schemes and wallets. */
const ALLOWED = new Set(['Visa', 'Mastercard', 'Isracard', 'Amex', 'Diners', 'Apple', 'Google', 'Pay', 'Bit']);
/** Keys as printed on the keyboard (the seat map's keyboard help names them). */
const KEYS = /\b(?:Enter|Escape|Home|End|Page Up|Page Down|Tab|Shift)\b/g;

interface Text {
  text: string;
  /** Inside translate="no": a person's name, checked for Hebrew only. */
  name: boolean;
  where: string;
}

/** Every text a reader meets on the page (see above), with where it is. */
async function pageTexts(page: Page): Promise<Text[]> {
  return page.evaluate(() => {
    const out: { text: string; name: boolean; where: string }[] = [];
    const skipped = (el: Element) => !!el.closest('script, style, noscript, template, .lang-switcher');
    const where = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim();
      if (!el || !text || skipped(el)) continue;
      // display:none and visibility:hidden are not read; visually hidden text for screen readers is.
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      out.push({ text, name: !!el.closest('[translate="no"]'), where: where(el) });
    }
    for (const el of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
      if (skipped(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
      for (const attr of ['aria-label', 'alt', 'title', 'placeholder']) {
        const text = el.getAttribute(attr)?.trim();
        if (text) out.push({ text, name: !!el.closest('[translate="no"]'), where: `${where(el)}[${attr}]` });
      }
    }
    out.push({ text: document.title, name: false, where: 'title' });
    return out;
  });
}

/** Latin words left once links, e-mail addresses, codes (a digit, or all capitals), keys and ALLOWED names are out. */
function latinWords(text: string): string[] {
  const rest = text
    .replace(/https?:\/\/\S+|\S+@\S+|\S*\d\S*/g, ' ')
    .replace(/\b[A-Z]{2,}\b/g, ' ')
    .replace(KEYS, ' ')
    .replace(/\/[\w\-/]+/g, ' ');
  return (rest.match(/[A-Za-z]+/g) ?? []).filter((w) => !ALLOWED.has(w));
}

/** The foreign words of one page; a screenshot of it (JPEG) goes to the test's output for a person to look at. */
export async function expectOwnLanguage(page: Page, lang: 'ru' | 'ar', what: string, info: TestInfo) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const found: string[] = [];
  for (const t of await pageTexts(page)) {
    // A person's name (translate="no") is shown as its owner typed it, in whatever script: the buyers other tests
    // created have Hebrew names. Everything around it is checked.
    if (t.name) continue;
    const hebrew = HEBREW.test(t.text);
    const other = OTHER_SCRIPT[lang].test(t.text);
    const latin = latinWords(t.text);
    if (hebrew || other || latin.length) found.push(`${t.where}: ${JSON.stringify(t.text.slice(0, 120))}`);
  }
  // The page as a person saw it, beside a page that has a foreign word, or beside every page with
  // E2E_LANGUAGE_SHOTS=1 (to look through a language's pages). A whole-page shot re-lays the page out at its full
  // height, paints it all and puts it back: about 110 shots a run were a tenth of the walks' CPU (docs/testing.md,
  // "Where Playwright's time goes"). JPEG: a person reads it as well, and it costs less than PNG.
  if (found.length > 0 || process.env.E2E_LANGUAGE_SHOTS === '1') {
    const shot = info.outputPath(`${lang}-${what.replace(/\W+/g, '-')}.jpg`);
    await page.screenshot({ path: shot, fullPage: true, type: 'jpeg', quality: 80 });
  }
  expect.soft([...new Set(found)], `${lang} ${what}: ${page.url()}`).toEqual([]);
}
