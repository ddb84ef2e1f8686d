import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { axeStats, type AxeStatsRun } from './axe-stats.support';

/** The builder's own injection (private in its types): axe's source into each frame, then its configuration. */
type Injecting = {
  inject(frames: Frame[], shouldThrow?: boolean): Promise<void>;
  script(): string;
  option: Record<string, unknown>;
};

/**
 * axe's own minified build of the same version: the builder's default is axe.js, 1.48 MB unminified, evaluated in
 * every document a spec checks. The same code in 0.65 MB costs Chromium and the test runner about 30 % less per
 * document (the seat-map specs, one check per page, spent more time injecting axe than running it).
 */
const builderRequire = createRequire(require.resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(builderRequire.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe for a page, as every spec runs it. @axe-core/playwright's default analyze() runs axe in each frame, then opens a
 * blank page to merge the frames' results and returns every node of every passing rule: about 950 ms of Chromium
 * per call on the catalogue, which made axe a fifth of the e2e run's CPU. Legacy mode runs axe once in the top frame
 * (it reaches the frames through axe's own frame messaging, after the builder injected it into each), and only the
 * violations' nodes come back: 230 ms for the same rules and the same verdicts (axe-support.spec.ts checks that a
 * violation inside a frame is still found).
 *
 * The builder then evaluates axe's source twice in the top frame (analyze() injects it, and the legacy run
 * injects into every frame, the top one again), and again in every frame on each later check of the same document
 * (a page checked at 390 px and then at 2560 px): a trace of the Arabic storefront walk had 35 injections for 17
 * checks, more of the walk's time than the checks themselves. Here the source goes into a frame once per document
 * (analyze()'s own first step included: it evaluated the source in the top frame on every check, about a tenth of
 * an axe-heavy spec's CPU, docs/testing.md), and a frame that already has axe gets only the configuration. And the
 * builder gives a frame 1 s for the source, then leaves it untested without a word: under load that is not enough
 * (axe-support.spec.ts failed so at load 49), so the source goes in here with no limit but the test's own.
 * axe-support.spec.ts checks a second run on the same document still sees a frame's new content.
 */
export function axeFor(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  const own = builder as unknown as Injecting;
  const inject = own.inject.bind(builder);
  const script = own.script.bind(builder);
  own.inject = async (frames, shouldThrow) => {
    const before = own.script;
    try {
      for (const frame of frames) {
        const present = await frame.evaluate('typeof window.axe?.run === "function"').catch(() => false);
        if (!present) {
          try {
            await frame.evaluate(script());
          } catch (error) {
            if (frame.isDetached()) continue;
            throw error;
          }
        }
        // The builder's own step now only configures axe in the frame.
        own.script = () => 'undefined';
        await inject([frame], shouldThrow);
      }
    } finally {
      own.script = before;
    }
  };
  // axe reads colours as they are at that instant: a button whose state just changed (a tool pressed by key, a hover)
  // is mid-way through its 0.15 s colour transition, and its contrast then is neither the old nor the new one (the
  // designer's shape tool failed colour-contrast so, now and then, under load). Every check waits two frames (so a
  // change just made has started its transitions) and then for no CSS transition to be running.
  const analyze = builder.analyze.bind(builder);
  builder.analyze = async () => {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    );
    const stats: AxeStatsRun | undefined = await axeStats?.begin(page, own.option);
    // analyze() begins by evaluating the whole source in the top frame, on every check: the first check of a document
    // puts it in here, and the later ones only run it again (the builder's step then evaluates nothing).
    const injected = !(await page.evaluate('typeof window.axe?.run === "function"'));
    if (injected) await page.evaluate(script());
    stats?.injected(injected);
    own.script = () => 'undefined';
    const option = own.option;
    if (stats) own.option = { ...option, performanceTimer: true };
    try {
      const results = await analyze();
      await stats?.end(results.violations.length);
      return results;
    } finally {
      own.script = script;
      own.option = option;
    }
  };
  return builder;
}
