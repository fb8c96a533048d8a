import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

interface RunningAnimation {
  finished: Promise<unknown>;
  effect: { getComputedTiming(): { iterations?: number } } | null;
}

/**
 * Lets the page come to rest before it is judged: a button that just turned enabled is still
 * fading between its colours for a moment, and axe measured the mix (3.4:1). Endless animations
 * (spinners) are left alone, and the wait is bounded.
 */
async function waitForFiniteAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { document } = globalThis as unknown as {
      document: { getAnimations(): RunningAnimation[] };
    };
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

/** axe-core over the page as it is now: no serious or critical violation (with what and where). */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await waitForFiniteAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      // axe's own account of each node (e.g. the colours and ratio of a contrast failure).
      why: violation.nodes.map((node) => node.failureSummary ?? ''),
    }));
  expect(serious).toEqual([]);
}
