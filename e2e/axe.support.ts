import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe for a page, as every spec runs it. @axe-core/playwright's default analyze() runs axe in each frame, then opens a
 * blank page to merge the frames' results and returns every node of every passing rule: about 950 ms of Chromium
 * per call on the catalogue, which made axe a fifth of the e2e run's CPU. Legacy mode runs axe once in the top frame
 * (it reaches the frames through axe's own frame messaging, after the builder injected it into each), and only the
 * violations' nodes come back: 230 ms for the same rules and the same verdicts (axe-support.spec.ts checks that a
 * violation inside a frame is still found).
 */
export function axeFor(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}
