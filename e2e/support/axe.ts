import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core over the page as it is now: no serious or critical violation (with what and where). */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
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
