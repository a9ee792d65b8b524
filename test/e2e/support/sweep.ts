import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The sizes and looks every screen is checked at (issue 14). */
export const VIEWPORTS = [
  { width: 1400, height: 900 },
  { width: 900, height: 700 },
] as const;
export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];
/**
 * A look: the OS's scheme with the theme left at System (`light`, `dark`), or a theme chosen in Settings
 * under an OS scheme (`dark-theme-light-os`): every colour must follow the chosen theme, whatever the OS.
 */
export type Look = Scheme | `${Scheme}-theme-${Scheme}-os`;

/** The WCAG levels axe checks: A and AA of 2.0, and AA of 2.1. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
/** What must be zero: serious, critical and moderate findings ("minor" ones are recorded in the report only). */
export const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical', 'moderate']);

/**
 * Allowed: the row menu, a popup drawn over the page at its top level while open, is outside the
 * landmarks (axe's best-practice "region"), as such menus are; everything else belongs in one.
 */
function allowed(f: Finding): boolean {
  return f.id === 'region' && f.impact === 'moderate' && f.targets.every((target) => target === '.menu');
}

export const SWEEP_DIR = join('test-results', 'sweep');

/** One axe finding, cut down to what a person fixing it needs. */
export interface Finding {
  readonly screen: string;
  readonly viewport: string;
  readonly scheme: Look;
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: string[];
  readonly summaries: string[];
}

/** Everything found so far, by screen and look; written out as test-results/sweep/findings.json. */
export class SweepReport {
  readonly findings: Finding[] = [];

  blocking(screen: string, viewport: string, scheme: Look): Finding[] {
    return this.findings.filter((f) => f.screen === screen && f.viewport === viewport && f.scheme === scheme && BLOCKING_IMPACTS.has(f.impact) && !allowed(f));
  }

  write(): void {
    mkdirSync(SWEEP_DIR, { recursive: true });
    writeFileSync(join(SWEEP_DIR, 'findings.json'), `${JSON.stringify(this.findings, null, 2)}\n`);
  }
}

/** Lets the page draw what a resize or a new colour scheme changed (two frames: layout, then paint). */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // In the page (this file is typed for Node, without the DOM's names).
        const frame = (globalThis as unknown as { requestAnimationFrame(cb: () => void): number }).requestAnimationFrame.bind(globalThis);
        frame(() => frame(() => resolve()));
      }),
  );
}

/** Runs axe over the whole page and records every violation, whatever its impact. */
export async function audit(page: Page, report: SweepReport, screen: string, viewport: string, scheme: Look): Promise<Finding[]> {
  // Kept cheap, since a run is mostly setting axe up: the app has no frames, so axe runs in the page
  // itself (legacy mode) instead of finishing in a new blank page each time; its 0.5 MB source is
  // evaluated only when the page does not hold it yet (AxeBuilder would evaluate it twice per run);
  // and it describes only the violations in full.
  const loaded = await page.evaluate('typeof window.axe?.run === "function"');
  const builder = new AxeBuilder(loaded === true ? { page, axeSource: ';' } : { page });
  const result = await builder.withTags(AXE_TAGS).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  for (const v of result.violations) {
    report.findings.push({
      screen,
      viewport,
      scheme,
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summaries: v.nodes.map((n) => n.failureSummary ?? ''),
    });
  }
  return report.blocking(screen, viewport, scheme);
}

/** Every colour each element of the page is drawn with, by its place in the document (`body>div:2>…`). */
export type Colours = Record<string, string>;

/**
 * The computed colours of every element (text, background, borders, outline, shadow, SVG fill and
 * stroke): two looks that must be the same colours (a chosen theme under either OS scheme) compare equal.
 */
export async function colours(page: Page): Promise<Colours> {
  return page.evaluate(() => {
    // In the page (this file is typed for Node, without the DOM's names).
    type El = { tagName: string; children: ArrayLike<El>; matches(selector: string): boolean };
    const doc = globalThis as unknown as { document: { body: El }; getComputedStyle(el: El): Record<string, string> };
    const props = ['color', 'backgroundColor', 'borderTopColor', 'borderRightColor', 'borderBottomColor', 'borderLeftColor', 'outlineColor', 'boxShadow', 'fill', 'stroke', 'textDecorationColor', 'caretColor'];
    const out: Record<string, string> = {};
    // What changes by itself between two looks: xterm's blinking cursor and its hidden input's focus ring.
    const moving = '.xterm-cursor, .xterm-helper-textarea';
    const walk = (el: El, path: string): void => {
      if (el.matches(moving)) return;
      const style = doc.getComputedStyle(el);
      out[path] = props.map((p) => style[p]).join(' | ');
      Array.from(el.children).forEach((child, i) => walk(child, `${path}>${child.tagName.toLowerCase()}:${i}`));
    };
    walk(doc.document.body, 'body');
    return out;
  });
}

/** The elements whose colours differ between two looks, `path: a ≠ b` (at most `limit`). */
export function colourChanges(a: Colours, b: Colours, limit = 12): string[] {
  const changed = Object.keys(a).filter((path) => path in b && a[path] !== b[path]);
  return changed.slice(0, limit).map((path) => `${path}: ${a[path]} ≠ ${b[path]}`).concat(changed.length > limit ? [`… and ${changed.length - limit} more`] : []);
}

/** The failure message: each serious or critical violation with its elements and axe's summary of what fails. */
export function describeFindings(found: readonly Finding[]): string {
  return found
    .map((f) => {
      const nodes = f.targets.map((t, i) => `    ${t}\n      ${(f.summaries[i] ?? '').replace(/\n/g, '\n      ')}`).join('\n');
      return `  ${f.id} (${f.impact}): ${f.help}\n${nodes}`;
    })
    .join('\n');
}

/**
 * A screen as it is now, at every viewport and scheme: a screenshot in `dir` (`<name>-<w>x<h>-<scheme>.png`)
 * and the serious or critical axe findings, as `id: targets` lines (empty when none). Leaves the page at the
 * first viewport, light.
 */
export async function shootAndAudit(page: Page, dir: string, name: string): Promise<Array<{ look: string; blocking: string[] }>> {
  const looks: Array<{ look: string; blocking: string[] }> = [];
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await settled(page);
      await page.screenshot({ path: join(dir, `${name}-${size.width}x${size.height}-${colorScheme}.png`) });
      const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      const blocking = violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? '')).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      looks.push({ look: `${name} ${size.width}x${size.height} ${colorScheme}`, blocking });
    }
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await page.emulateMedia({ colorScheme: 'light' });
  return looks;
}
