import type { Page } from '@playwright/test';

/**
 * Labels (rows and pane headings) shown cut inside a word or overflowing their box (SPEC §7: a label too long
 * is cut at its end on a word, whole in its tooltip): each as "shown | scrollWidth | clientWidth | whole".
 * What shows must be whole words of the label (a facts label without its time) and "…", inside its box.
 */
export function labelsCutMidWord(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.row-label, .pane-title')]
      .filter((el) => {
        const whole = el.getAttribute('title') ?? '';
        const shown = el.textContent ?? '';
        if (whole === '') return false;
        const kept = shown.endsWith('…') && shown !== whole ? shown.slice(0, -1) : shown;
        const atWord = kept === whole || (whole.startsWith(kept) && /^[\s·,;:.!?-]*\s/.test(whole.slice(kept.length)));
        return !atWord || el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => [el.textContent, el.scrollWidth, el.clientWidth, el.getAttribute('title')].join(' | ')),
  );
}
