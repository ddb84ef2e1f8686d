/**
 * A digest of everything axe's verdict on a page depends on, computed in the page (AXE_STATS counts by it the checks
 * that repeat a state already checked; docs/testing.md found none, so no verdict is cached by it). axe reads the DOM
 * (the top document and the same-origin frames it reaches), the properties of form controls that markup does not
 * show, the computed styles (the style sheets, the viewport and the media features, the pseudo-class states no
 * attribute shows: hover, focus, an open popover, a field the user made invalid) and the layout that follows from
 * them (the fonts and images loaded, the scroll positions). It reads nothing else: it has no clock, no randomness in
 * its verdict, no network. So two moments with the same digest get the same violations.
 *
 * Returns null when the page is in a state that cannot be captured so: an open shadow root (outerHTML leaves it out),
 * a frame whose document is out of reach, a running animation (its colours depend on the instant), or no WebCrypto.
 */
export async function axeStateDigest(): Promise<string | null> {
  const STATE_SELECTORS = [
    ':hover',
    ':active',
    ':focus',
    ':focus-visible',
    ':popover-open',
    ':modal',
    ':user-invalid',
    ':user-valid',
    ':autofill',
    ':target',
    ':fullscreen',
    ':open',
  ];
  const MEDIA = [
    '(prefers-color-scheme: dark)',
    '(prefers-reduced-motion: reduce)',
    '(prefers-contrast: more)',
    '(forced-colors: active)',
    '(inverted-colors: inverted)',
    '(hover: hover)',
    '(pointer: coarse)',
  ];
  const parts: string[] = [];
  const describe = (doc: Document): boolean => {
    const view = doc.defaultView;
    if (!view) return false;
    if (doc.getAnimations().some((a) => a.playState === 'running')) return false;
    parts.push(
      doc.compatMode,
      view.location.href,
      `${view.innerWidth}x${view.innerHeight}@${view.devicePixelRatio} ${view.visualViewport?.scale ?? 1}`,
      `scroll ${view.scrollX},${view.scrollY}`,
      MEDIA.map((m) => `${m}=${view.matchMedia(m).matches}`).join(' '),
      `fonts ${doc.fonts.status} ${Array.from(doc.fonts, (f) => `${f.family}/${f.weight}/${f.style}/${f.status}`).join(',')}`,
    );
    for (const sheet of [...Array.from(doc.styleSheets), ...doc.adoptedStyleSheets]) {
      let text: string;
      try {
        text = Array.from(sheet.cssRules, (r) => r.cssText).join('\n');
      } catch {
        text = `unreadable ${sheet.href}`;
      }
      parts.push(`sheet ${sheet.href} ${sheet.disabled} ${sheet.media.mediaText}\n${text}`);
    }
    parts.push(doc.documentElement.outerHTML);
    const all = Array.from(doc.getElementsByTagName('*'));
    const frames: HTMLIFrameElement[] = [];
    for (let i = 0; i < all.length; i++) {
      const el = all[i]!;
      if (el.shadowRoot) return false;
      if (el.scrollTop !== 0 || el.scrollLeft !== 0) parts.push(`${i} scroll ${el.scrollTop},${el.scrollLeft}`);
      if (el instanceof view.HTMLInputElement) {
        parts.push(`${i} input ${el.value} ${el.checked} ${el.indeterminate}`);
      } else if (el instanceof view.HTMLTextAreaElement || el instanceof view.HTMLSelectElement) {
        parts.push(`${i} value ${el.value}`);
      } else if (el instanceof view.HTMLOptionElement) {
        parts.push(`${i} option ${el.selected}`);
      } else if (el instanceof view.HTMLImageElement) {
        parts.push(`${i} img ${el.complete} ${el.naturalWidth}x${el.naturalHeight} ${el.currentSrc}`);
      } else if (el instanceof view.HTMLIFrameElement || el instanceof view.HTMLFrameElement) {
        frames.push(el as HTMLIFrameElement);
      } else if (el instanceof view.HTMLObjectElement || el instanceof view.HTMLEmbedElement) {
        return false;
      }
    }
    for (const selector of STATE_SELECTORS) {
      let matched: string;
      try {
        matched = Array.from(doc.querySelectorAll(selector), (el) => all.indexOf(el)).join(',');
      } catch {
        matched = 'unsupported';
      }
      parts.push(`${selector} ${matched}`);
    }
    for (const frame of frames) {
      let inner: Document | null;
      try {
        inner = frame.contentDocument;
      } catch {
        inner = null;
      }
      if (!inner) return false;
      parts.push(`frame ${all.indexOf(frame)}`);
      if (!describe(inner)) return false;
    }
    return true;
  };
  if (!globalThis.crypto?.subtle || !describe(document)) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\u0000')));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
