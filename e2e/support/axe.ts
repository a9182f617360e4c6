import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.0 and 2.1, levels A and AA: what the platform promises (ADR 034). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Impacts that fail a journey; moderate and minor ones are reported by axe but left to review. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export type AccessibilityCheckOptions = {
  /** CSS selectors of regions to leave out, each with a reason in the calling test. */
  exclude?: string[];
  /**
   * CSS selectors of the only regions to check (a dialog just opened, the part of the page a step changed),
   * when the rest of the page was checked as it is now; by default, the whole page.
   */
  include?: string[];
};

/**
 * Waits for what is being fetched to be shown and for the page's finite animations (a modal fading in, a toast sliding) to end, so that axe
 * measures the colours people read rather than a frame half-way through a transition. Looping ones
 * (loaders, skeletons) are left running.
 */
async function settleAnimations(page: Page, include?: string[]): Promise<void> {
  // A list being fetched again is dimmed while busy (DataTable): measure it once the answer is shown. When
  // only some regions are checked, only what is busy in or around them changes what axe measures.
  await page
    .waitForFunction(
      (regions) => {
        const busy = [...document.querySelectorAll('[aria-busy="true"]')];
        if (!regions) return busy.length === 0;
        const checked = regions.flatMap((selector) => [...document.querySelectorAll(selector)]);
        return !busy.some((element) =>
          checked.some((region) => region.contains(element) || element.contains(region)),
        );
      },
      include,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target.map((selector) => JSON.stringify(selector)).join(' ');
    const [heading = '', ...fixes] = (node.failureSummary ?? '').split('\n').map((line) => line.trim());
    const summary = `${heading} ${fixes.filter(Boolean).join('; ')}`.trim();
    return `    - ${target}\n      ${summary}`;
  });
  return [
    `  [${violation.impact}] ${violation.id}: ${violation.help}`,
    `    ${violation.helpUrl}`,
    ...nodes,
  ].join('\n');
}

/**
 * Runs axe on the page as it is now (or on the regions in `include`) against WCAG 2.1 A and AA and fails
 * the test on any serious or critical violation, naming each rule, its impact, the elements' selectors
 * and what axe says is wrong with them. The journey goes on, so its other pages are checked too. Call it after each step that shows
 * a new page, step or dialog.
 */
export async function expectAccessible(
  page: Page,
  label: string,
  options: AccessibilityCheckOptions = {},
): Promise<void> {
  await settleAnimations(page, options.include);
  // Label in name (WCAG 2.5.3) is still marked experimental in axe, so it is off unless asked for. Only
  // violations fail a journey, so axe details no other results (their nodes, their checks' data).
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'],
  });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  // Soft, so that one run of a journey lists the findings of every page it visits, and still fails.
  expect
    .soft(
      failing.map(describeViolation).join('\n'),
      `Accessibility (WCAG 2.1 AA) of "${label}" at ${page.url()}: serious or critical violations`,
    )
    .toBe('');
}
