import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { run } from 'axe-core';
import type { Page } from 'playwright-core';

/*
 * axe-core run in the page itself, the one that @axe-core/playwright carries (so its version is the
 * one package.json pins). Not through that package's AxeBuilder: its analyze() runs each frame
 * partially and finishes the run in a new blank page, and returns every pass and inapplicable rule
 * with its nodes, which made one check cost 1.1–1.5 s against 0.4–0.5 s here (decision 055, "Where
 * the time went"). The rules, tags and impacts are the same; frames are left out (the only ones the
 * product shows are video players of outside hosts).
 */
const fromPlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromPlaywright.resolve('axe-core/axe.min.js'), 'utf8');

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core's serious and critical WCAG 2.1 A/AA violations on the page (or inside `include`, a
 * selector, with the whole document still read for context), one line each. Running transitions
 * end first: a dropdown still fading in reads as low contrast.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      // axe-core's global, from the source evaluated above.
      const { axe } = window as unknown as { axe: { run: typeof run } };
      const result = await axe.run(include ? { include: [[include]] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
      return result.violations.map(
        (v): Violation => ({
          id: v.id,
          impact: v.impact ?? null,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        }),
      );
    },
    { include, tags: TAGS },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.targets.join(', ')}`);
}
