import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { type Journey, journey } from '../runner.ts';
import { onEveryScreen } from '../screens.ts';

/**
 * axe-core (from npm, run inside the page) on every main screen: no serious or critical WCAG 2.1
 * A/AA violation, such as text below 4.5:1 contrast, a control without a name, or a link inside
 * an image. Evaluated through the DevTools protocol, so the app's CSP stays as it is.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: string[] }>;
      }>;
    }
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const accessibilityJourneys: Journey[] = [
  journey(
    'Shoppers using a screen reader or low vision can use every main screen (axe: no serious issues)',
    async ({ page, baseUrl }) => {
      const problems: string[] = [];
      const check = async (path: string) => {
        for (const v of await seriousViolations(page)) {
          problems.push(`${path}: [${v.impact}] ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
        }
      };
      await onEveryScreen(page, baseUrl, 'Screen Reader', check);
      assert.deepEqual(problems, [], 'accessibility problems');
    },
  ),
];
