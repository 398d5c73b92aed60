// axe-core in the page: returns the serious and critical violations (rule id and offending targets).
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface SeriousViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

export async function seriousViolations(page: Page): Promise<SeriousViolation[]> {
  // Evaluated through the DevTools protocol: an inline <script> tag would be refused by the page's CSP.
  await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    return run(document, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
