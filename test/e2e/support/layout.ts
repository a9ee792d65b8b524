import type { Page } from '@playwright/test';

/*
 * Layout checks by bounding boxes, run in the page (as strings: the e2e project has no DOM types). Each returns
 * what is wrong, in words, so an empty list is the pass and a failure says which item and where.
 */

/**
 * Every pane header: no button of its title line on a line of its own after the first (the × wrapped alone);
 * the merge hint not cut while its line has room for it whole; the worktree note (the branch) not cut while its
 * line has room, in view where it is cut, and whole in its tooltip; nothing in the Changes bar cut or past its edge.
 */
export async function headerProblems(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const problems = [];
    const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.className).trim().slice(0, 40);
    document.querySelectorAll('.pane').forEach((pane, p) => {
      const header = pane.querySelector('.pane-header');
      const line = header.querySelector('.pane-title-line');
      const items = [];
      const collect = (el) => {
        for (const child of el.children) {
          if (getComputedStyle(child).display === 'contents') collect(child);
          else if (child.getBoundingClientRect().width > 0) items.push(child);
        }
      };
      collect(line);
      const lines = [];
      for (const item of items) {
        const r = item.getBoundingClientRect();
        const mid = (r.top + r.bottom) / 2;
        const found = lines.find((l) => mid > l.top && mid < l.bottom);
        if (found) found.items.push(item);
        else lines.push({ top: r.top, bottom: r.bottom, items: [item] });
      }
      lines.slice(1).forEach((l) => {
        if (l.items.length === 1 && l.items[0].tagName === 'BUTTON') problems.push('pane ' + p + ': "' + name(l.items[0]) + '" alone on a line');
      });
      const style = getComputedStyle(header);
      const width = header.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const gap = parseFloat(getComputedStyle(line).columnGap) || 0;
      for (const el of header.querySelectorAll('.merge-note')) {
        const own = lines.find((l) => l.items.includes(el));
        const others = own ? own.items.filter((i) => i !== el) : [];
        const room = width - others.reduce((sum, i) => sum + i.getBoundingClientRect().width + gap, 0);
        if (el.scrollWidth > el.clientWidth + 0.5 && el.scrollWidth <= room) problems.push('pane ' + p + ': "' + el.textContent + '" cut to ' + el.clientWidth + ' of ' + el.scrollWidth + ' px with ' + Math.round(room) + ' px of room');
      }
      const note = header.querySelector('.pane-worktree');
      if (note) {
        const facts = note.closest('.pane-facts').getBoundingClientRect();
        const at = note.getBoundingClientRect().left;
        const cut = at + note.scrollWidth > facts.right + 0.5;
        if (cut && note.scrollWidth <= facts.right - at) problems.push('pane ' + p + ': "' + note.textContent + '" cut with room for it');
        if (cut && at + 40 > facts.right) problems.push('pane ' + p + ': "' + note.textContent + '" out of view (starts ' + Math.round(facts.right - at) + ' px before the line ends)');
        const branch = (note.textContent.match(/swarmdesk\\/\\S+/) || [])[0];
        if (branch && !(note.getAttribute('title') || '').includes(branch)) problems.push('pane ' + p + ': the worktree note\\'s tooltip lacks ' + branch);
      }
      const bar = pane.querySelector('.changes-bar');
      if (bar) {
        for (const el of bar.querySelectorAll('*')) {
          if (el.children.length === 0 && el.scrollWidth > el.clientWidth + 0.5 && getComputedStyle(el).overflow !== 'visible') problems.push('pane ' + p + ': Changes bar "' + el.textContent + '" cut');
        }
        const r = bar.getBoundingClientRect();
        for (const el of bar.querySelectorAll('button')) {
          const b = el.getBoundingClientRect();
          if (b.width > 0 && (b.right > r.right + 0.5 || b.left < r.left - 0.5)) problems.push('pane ' + p + ': Changes bar "' + el.textContent + '" past the edge');
        }
      }
    });
    return problems;
  })()`)) as string[];
}

/**
 * Where a diff line wraps inside a word: the characters either side of a line break (a new visual line inside
 * one content cell) both word characters, as "ad / d" was at 900 px. Each found as "<text before> / <after>".
 */
export async function wordsBrokenInDiff(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const broken = [];
    const word = /[\\p{L}\\p{N}_$]/u;
    for (const cell of document.querySelectorAll('.changes-diff-view .diff-line-content-item')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let prev = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent;
        for (let i = 0; i < text.length; i += 1) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = [...range.getClientRects()].find((r) => r.width > 0);
          if (!rect) continue;
          if (prev && rect.top > prev.top + rect.height / 2 && word.test(prev.ch) && word.test(text[i])) {
            broken.push(prev.tail + ' / ' + text.slice(i, i + 6));
          }
          prev = { top: rect.top, ch: text[i], tail: ((prev ? prev.tail : '') + text[i]).slice(-6) };
        }
      }
    }
    return broken;
  })()`)) as string[];
}
