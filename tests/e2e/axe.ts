// Accessibility check for the e2e journeys: axe-core's own build injected into the page, run over
// the whole document, failing on serious or critical violations with a readable list. Also checks
// the page has exactly one h1. Shared by the journeys and throwaway scripts, so it must not import
// vitest.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

type AxeNode = { target: unknown[]; failureSummary?: string };
type AxeViolation = { id: string; impact?: string | null; help: string; nodes: AxeNode[] };

/** Serious/critical axe-core violations on the page as readable lines (empty when none). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  axeSource ??= fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // A toast fading in or out is half transparent, and axe would judge its text's contrast
    // mid-fade. Judge the screen as it settles: run every finite animation to its end first
    // (infinite ones, such as spinners, do not change colours).
    for (const animation of document.getAnimations()) {
      if (Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity)) animation.finish();
    }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return JSON.parse(JSON.stringify(result.violations)) as unknown;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const targets = v.nodes.map((n) => n.target.map(String).join(" >>> ")).slice(0, 8);
      const more = v.nodes.length > targets.length ? ` (+${v.nodes.length - targets.length} more)` : "";
      return `[${v.impact}] ${v.id}: ${v.help}\n    ${targets.join("\n    ")}${more}`;
    });
}

/** Fails unless the page has no serious/critical axe-core violations and exactly one h1. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const problems = await seriousA11yViolations(page);
  const h1s = await page.evaluate(() => document.querySelectorAll("h1").length);
  if (h1s !== 1) problems.push(`page has ${h1s} h1 elements (expected exactly 1)`);
  if (problems.length > 0) {
    const viewport = page.viewportSize();
    const where = `${label} (${new URL(page.url()).pathname}${viewport ? `, ${viewport.width}px` : ""})`;
    throw new Error(`Accessibility problems on ${where}:\n  ${problems.join("\n  ")}`);
  }
}
