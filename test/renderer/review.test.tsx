import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewComment } from '../../src/shared/domain/review';
import type { ChangedFile, Changes, ChangesSummary } from '../../src/shared/ipc/git';
import { resetChangesStore } from '../../src/renderer/src/features/changes/store';
import { resetReviewStore } from '../../src/renderer/src/features/review/store';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/** Comments on the diff (issue 35, SPEC §7.1 "review"): "Comment on line N", the "Review" region, "Send review to agent". */

const summary: ChangesSummary = { sessionId: 'w', branch: 'swarmdesk/lexer', baseBranch: 'main', files: 1, added: 2, removed: 1, uncommitted: 1, ahead: 0, missing: false };
const file: ChangedFile = { path: 'src/app.ts', oldPath: null, status: 'modified', untracked: false, binary: false, added: 2, removed: 1 };
const DIFF = 'diff --git a/src/app.ts b/src/app.ts\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,2 +1,3 @@\n const a = 1;\n-const b = 2;\n+const b = 3;\n+const c = 4;\n';

const LOGO: ChangedFile = { path: 'logo.png', oldPath: null, status: 'modified', untracked: false, binary: true, added: null, removed: null };

function api(files: ChangedFile[] = [file]): { fake: FakeApi; stored: ReviewComment[] } {
  const fake = new FakeApi([makeRow({ id: 'w', kind: 'terminal', title: 'Fix the lexer' })]);
  const stored: ReviewComment[] = [];
  fake.override('git:changeSummaries', () => ({ ok: true, value: { items: [summary] } }));
  const changes: Changes = { summary, forkCommit: 'abc', files, truncated: false };
  fake.override('git:changes', () => ({ ok: true, value: changes }));
  fake.override('git:fileDiff', (input) =>
    input.path === LOGO.path
      ? { ok: true, value: { file: LOGO, diff: 'diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ\n', truncated: false, oldContent: null, newContent: null } }
      : { ok: true, value: { file, diff: DIFF, truncated: false, oldContent: 'const a = 1;\nconst b = 2;\n', newContent: 'const a = 1;\nconst b = 3;\nconst c = 4;\n' } },
  );
  fake.override('review:list', () => ({ ok: true, value: { comments: [...stored] } }));
  fake.override('review:add', (input) => {
    const c: ReviewComment = {
      id: `c${String(stored.length + 1)}`, sessionId: 'w', path: input.path, side: input.side, startLine: input.startLine ?? null, endLine: input.endLine ?? null,
      quote: 'x', headSha: null, contentHash: null, origin: 'local', state: 'draft', body: input.body, createdAt: 1, updatedAt: 1, sentAt: null,
    };
    stored.push(c);
    return { ok: true, value: c };
  });
  fake.override('review:send', () => ({ ok: false, error: { code: 'CONFLICT', message: 'The program in this terminal has not turned on bracketed paste.' } }));
  fake.override('review:text', () => ({ ok: true, value: { text: 'Review of your changes: 1 comment' } }));
  return { fake, stored };
}

/**
 * jsdom has no layout and no ResizeObserver; the unified view's comment line asks for one (its width). With
 * one, the region measures itself 0 wide (narrow: unified), so only the unified cases have it.
 */
class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'ResizeObserver');
});

beforeEach(() => {
  resetChangesStore();
  resetReviewStore();
  HTMLCanvasElement.prototype.getContext = (() => ({ font: '', measureText: (text: string) => ({ width: text.length * 7 }) })) as unknown as HTMLCanvasElement['getContext'];
});

describe('review comments in Changes', () => {
  it('with the keyboard alone: "Comment on line 3" opens a Comment field, Add comment lists it in Review, focus comes back; a refused send offers Copy review', async () => {
    const { fake } = api();
    await renderApp(fake);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Fix the lexer/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Changes' }));
    const region = await screen.findByRole('region', { name: 'Changes' });
    await userEvent.click((await within(region).findAllByRole('listitem'))[0]!);
    const diff = await within(region).findByRole('group', { name: 'Diff of src/app.ts' }, { timeout: 5000 });
    const line3 = await within(diff).findAllByRole('button', { name: 'Comment on line 3' });
    const tabStop = line3.find((b) => b.tabIndex === 0)!;
    tabStop.focus();
    await userEvent.keyboard('{Enter}');
    const field = await within(diff).findByRole('textbox', { name: 'Comment' });
    expect(field).toHaveFocus();
    await userEvent.keyboard('Call it total');
    await userEvent.click(within(diff).getByRole('button', { name: 'Add comment' }));
    expect(fake.callsTo('review:add')).toEqual([{ id: 'w', path: 'src/app.ts', side: 'new', startLine: 3, endLine: 3, body: 'Call it total' }]);
    const review = await screen.findByRole('region', { name: 'Review' });
    expect(within(review).getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual(['src/app.ts, line 3: Call it total']);
    // Review is beside Changes, not in it: Changes' listitems are its files alone (SPEC §7.1), a comment's name starting with a path too.
    expect(within(region).getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual(['src/app.ts +2 −1']);
    expect(within(diff).queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(tabStop).toHaveFocus();

    await userEvent.click(within(review).getByRole('button', { name: 'Send review to agent' }));
    expect(await within(review).findByRole('alert')).toHaveTextContent('has not turned on bracketed paste');
    expect(within(review).getByRole('button', { name: 'Copy review' })).toBeInTheDocument();
  });

  it('with the mouse: Shift+click on a later line comments on the range', async () => {
    const { fake } = api();
    await renderApp(fake);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Fix the lexer/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Changes' }));
    const region = await screen.findByRole('region', { name: 'Changes' });
    await userEvent.click((await within(region).findAllByRole('listitem'))[0]!);
    const diff = await within(region).findByRole('group', { name: 'Diff of src/app.ts' }, { timeout: 5000 });
    await userEvent.click((await within(diff).findAllByRole('button', { name: 'Comment on line 2' })).find((b) => b.closest('[data-add-widget="new"]'))!);
    await userEvent.keyboard('{Escape}');
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click((await within(diff).findAllByRole('button', { name: 'Comment on line 3' })).find((b) => b.closest('[data-add-widget="new"]'))!);
    await user.keyboard('{/Shift}');
    await user.type(await within(diff).findByRole('textbox', { name: 'Comment' }), 'Both lines');
    await user.click(within(diff).getByRole('button', { name: 'Add comment' }));
    expect(fake.callsTo('review:add')).toEqual([{ id: 'w', path: 'src/app.ts', side: 'new', startLine: 2, endLine: 3, body: 'Both lines' }]);
  });
});

/** Opens the session's Changes and the file named `path` in the chosen layout; its diff's group. */
async function openDiff(path = 'src/app.ts', mode: 'split' | 'unified' = 'split'): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('listitem', { name: /^Fix the lexer/ }));
  await userEvent.click(await screen.findByRole('button', { name: 'Changes' }));
  const region = await screen.findByRole('region', { name: 'Changes' });
  await userEvent.click(await within(region).findByRole('listitem', { name: new RegExp(`^${path.replace('.', '\\.')}`) }));
  if (mode === 'unified') await userEvent.click(within(region).getByRole('button', { name: 'Unified' }));
  const diff = await within(region).findByRole('group', { name: `Diff of ${path}` }, { timeout: 5000 });
  // Split draws each side in cells of its own; unified one column of code.
  if (path === 'src/app.ts') await waitFor(() => expect(diff.querySelectorAll('td.diff-line-old-content').length > 0).toBe(mode === 'split'));
  return diff;
}

/** The focusable "Comment on line N" button of a side ('old': a removed line). */
async function lineButton(diff: HTMLElement, line: number, side: 'old' | 'new'): Promise<HTMLElement> {
  const all = await within(diff).findAllByRole('button', { name: `Comment on line ${String(line)}` });
  const button = all.find((b) => b.tabIndex === 0 && b.closest(`[data-add-widget="${side}"]`));
  expect(button, `line ${String(line)} (${side})`).toBeDefined();
  return button!;
}

/** The code cells marked as the chosen range, their text (without the library's +/- sign). */
const markedCode = (diff: HTMLElement): string[] =>
  [...diff.querySelectorAll('td[data-review-range]')].filter((td) => td.className.includes('content')).map((td) => (td.textContent ?? '').trim().replace(/^[+-]+/, ''));

async function comment(user: UserEvent, diff: HTMLElement, text: string): Promise<void> {
  const field = await within(diff).findByRole('textbox', { name: 'Comment' });
  expect(field).toHaveFocus();
  await user.keyboard(text);
  // Tab to "Add comment" and press it: the keyboard alone.
  await user.tab();
  expect(within(diff).getByRole('button', { name: 'Add comment' })).toHaveFocus();
  await user.keyboard('{Enter}');
}

describe.each(['split', 'unified'] as const)('a range with Shift+arrows (%s)', (mode) => {
  beforeEach(() => {
    if (mode === 'unified') globalThis.ResizeObserver = NoLayoutResizeObserver as unknown as typeof ResizeObserver;
  });

  it('Shift+ArrowDown extends from the focused line (marked and described "Lines 2–3 chosen", its name kept); Enter opens the field for the range; focus comes back', async () => {
    const { fake } = api();
    await renderApp(fake);
    const user = userEvent.setup();
    const diff = await openDiff('src/app.ts', mode);
    const line2 = await lineButton(diff, 2, 'new');
    line2.focus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(line2).toHaveFocus();
    expect(line2).toHaveAccessibleName('Comment on line 2'); // SPEC §7.1's name, kept
    expect(line2).toHaveAccessibleDescription('Lines 2–3 chosen');
    expect(markedCode(diff)).toEqual(['const b = 3;', 'const c = 4;']);
    // Up again: back to one line.
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(line2).toHaveAccessibleName('Comment on line 2');
    expect(line2).toHaveAccessibleDescription('');
    expect(markedCode(diff)).toEqual(['const b = 3;']);
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}{Enter}');
    expect(within(diff).getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription('On src/app.ts, lines 2-3');
    await comment(user, diff, 'Both of these');
    expect(fake.callsTo('review:add')).toEqual([{ id: 'w', path: 'src/app.ts', side: 'new', startLine: 2, endLine: 3, body: 'Both of these' }]);
    expect(within(diff).queryByRole('textbox', { name: 'Comment' })).toBeNull();
    // The comment stays on the diff, under the range's last line.
    await waitFor(() => expect([...diff.querySelectorAll('.review-inline-comment')].map((p) => p.textContent)).toEqual(['lines 2-3, draft: Both of these']));
    expect(diff.querySelector('.review-inline')?.closest('tr')?.previousElementSibling?.textContent).toContain('const c = 4;');
    expect(line2).toHaveFocus();
    expect(line2).toHaveAccessibleName('Comment on line 2');
    expect(markedCode(diff)).toEqual([]);
  });

  it('Escape drops the range and leaves focus on the line; ArrowDown alone goes to the next line', async () => {
    const { fake } = api();
    await renderApp(fake);
    const user = userEvent.setup();
    const diff = await openDiff('src/app.ts', mode);
    const line2 = await lineButton(diff, 2, 'new');
    line2.focus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(markedCode(diff)).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(line2).toHaveFocus();
    expect(line2).toHaveAccessibleName('Comment on line 2');
    expect(markedCode(diff)).toEqual([]);
    await user.keyboard('{ArrowDown}');
    expect(await lineButton(diff, 3, 'new')).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(within(diff).queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(await lineButton(diff, 3, 'new')).toHaveFocus();
    expect(fake.callsTo('review:add')).toEqual([]);
  });

  it('a removed line is commented on from its own side (old)', async () => {
    const { fake } = api();
    await renderApp(fake);
    const user = userEvent.setup();
    const diff = await openDiff('src/app.ts', mode);
    const removed = await lineButton(diff, 2, 'old');
    removed.focus();
    await user.keyboard('{Enter}');
    expect(within(diff).getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription('On src/app.ts, removed line 2');
    await comment(user, diff, 'Keep b at 2');
    expect(fake.callsTo('review:add')).toEqual([{ id: 'w', path: 'src/app.ts', side: 'old', startLine: 2, endLine: 2, body: 'Keep b at 2' }]);
    expect(removed).toHaveFocus();
    const review = await screen.findByRole('region', { name: 'Review' });
    expect(within(review).getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual(['src/app.ts, removed line 2: Keep b at 2']);
  });
});

describe('a comment on a whole file', () => {
  it('"Comment on file" in a binary file\'s title opens the field; the comment is on the file (no lines); focus comes back', async () => {
    const { fake } = api([file, LOGO]);
    await renderApp(fake);
    const user = userEvent.setup();
    const diff = await openDiff('logo.png');
    expect(diff).toHaveTextContent('logo.png is a binary file');
    const button = within(diff).getByRole('button', { name: 'Comment on file' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(within(diff).getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription('On logo.png');
    await comment(user, diff, 'Use the SVG instead');
    expect(fake.callsTo('review:add')).toEqual([{ id: 'w', path: 'logo.png', side: 'file', body: 'Use the SVG instead' }]);
    expect(button).toHaveFocus();
    const review = await screen.findByRole('region', { name: 'Review' });
    expect(within(review).getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual(['logo.png: Use the SVG instead']);
  });

  it('a text file has it too', async () => {
    const { fake } = api();
    await renderApp(fake);
    const user = userEvent.setup();
    const diff = await openDiff('src/app.ts');
    await user.click(within(diff).getByRole('button', { name: 'Comment on file' }));
    await user.type(within(diff).getByRole('textbox', { name: 'Comment' }), 'Split this file');
    await user.click(within(diff).getByRole('button', { name: 'Add comment' }));
    expect(fake.callsTo('review:add')).toEqual([{ id: 'w', path: 'src/app.ts', side: 'file', body: 'Split this file' }]);
  });
});

describe('the Review region keeps focus', () => {
  it('Send says what went and keeps focus (then aria-disabled, saying why); Resolve hands focus to the next comment, the last one to Send', async () => {
    const { fake, stored } = api();
    fake.override('review:send', () => {
      for (const c of stored) Object.assign(c, { state: 'sent', sentAt: 2 });
      return { ok: true, value: { comments: stored.map((c) => ({ ...c })), entry: null, message: 'Review of your changes: 2 comments' } };
    });
    fake.override('review:resolve', (input) => {
      const c = stored.find((x) => x.id === input.commentId)!;
      c.state = 'resolved';
      return { ok: true, value: { ...c } };
    });
    await renderApp(fake);
    const user = userEvent.setup();
    const diff = await openDiff();
    for (const line of [2, 3]) {
      (await lineButton(diff, line, 'new')).focus();
      await user.keyboard('{Enter}');
      await comment(user, diff, `About line ${String(line)}`);
    }
    const review = await screen.findByRole('region', { name: 'Review' });
    const send = within(review).getByRole('button', { name: 'Send review to agent' });
    send.focus();
    await user.keyboard('{Enter}');
    expect(await within(review).findByRole('status')).toHaveTextContent('Sent 2 comments to the agent.');
    expect(within(review).getAllByRole('listitem').map((i) => i.textContent)).toEqual([expect.stringContaining('sent'), expect.stringContaining('sent')]);
    // On the diff too, marked sent; a resolved one leaves it.
    await waitFor(() => expect([...diff.querySelectorAll('.review-inline-comment')].map((p) => p.textContent)).toEqual(['line 2, sent: About line 2', 'line 3, sent: About line 3']));
    expect(send).toHaveFocus();
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).toHaveAccessibleDescription('No draft comments to send.');
    await user.keyboard('{Enter}');
    expect(fake.callsTo('review:send')).toHaveLength(1);

    await user.click(within(review).getByRole('button', { name: 'Resolve comment on src/app.ts, line 2' }));
    await waitFor(() => expect(within(review).getAllByRole('listitem')).toHaveLength(1));
    await waitFor(() => expect(within(review).getByRole('button', { name: 'Resolve comment on src/app.ts, line 3' })).toHaveFocus());
    expect([...diff.querySelectorAll('.review-inline-comment')].map((p) => p.textContent)).toEqual(['line 3, sent: About line 3']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(review).queryAllByRole('listitem')).toHaveLength(0));
    await waitFor(() => expect(within(review).getByRole('button', { name: 'Send review to agent' })).toHaveFocus());
  });
});

describe('a sent review in the transcript', () => {
  it('is one collapsed entry saying how many comments, the whole review inside', async () => {
    const { render } = await import('@testing-library/react');
    const { EntryView } = await import('../../src/renderer/src/components/EntryView');
    const text = 'Review of your changes: 3 comments on the diff. Please address each one.\n\n1. src/a.ts, line 2\n```\nconst b = 2;\n```\nRename b.';
    const { container } = render(<EntryView entry={{ sessionId: 'w', seq: 4, kind: 'user', text, meta: null, createdAt: 1 }} />);
    const details = container.querySelector('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(within(details).getByText('You sent a review · 3 comments')).toBeInTheDocument();
    expect(details).toHaveTextContent('Rename b.');
  });
});

/** Issue 35: a comment being typed is never lost when the diff is drawn anew (the field is kept in the review store). */
describe('a comment being typed survives a redraw of the diff', () => {
  afterEach(() => {
    delete document.documentElement.dataset.theme;
  });

  it('the theme changed while typing: the field opens again with its text, focus and caret', async () => {
    const { fake } = api();
    await renderApp(fake);
    const user = userEvent.setup();
    const diff = await openDiff('src/app.ts', 'split');
    (await lineButton(diff, 3, 'new')).focus();
    await user.keyboard('{Enter}');
    const field = await within(diff).findByRole('textbox', { name: 'Comment' });
    await user.keyboard('Call it total');
    (field as HTMLTextAreaElement).setSelectionRange(5, 7);
    // The app's theme switch (Settings sets <html data-theme>): the diff view is drawn anew in dark.
    document.documentElement.dataset.theme = 'dark';
    await waitFor(() => expect(field.isConnected).toBe(false));
    const again = (await within(diff).findByRole('textbox', { name: 'Comment' })) as HTMLTextAreaElement;
    expect(again).toHaveValue('Call it total');
    expect(again).toHaveAccessibleDescription('On src/app.ts, line 3');
    await waitFor(() => expect(again).toHaveFocus());
    expect([again.selectionStart, again.selectionEnd]).toEqual([5, 7]);
    await user.keyboard('{End} now');
    await user.click(within(diff).getByRole('button', { name: 'Add comment' }));
    expect(fake.callsTo('review:add')).toEqual([{ id: 'w', path: 'src/app.ts', side: 'new', startLine: 3, endLine: 3, body: 'Call it total now' }]);
    // Added: the field is closed for good, and not opened again by the next redraw.
    document.documentElement.dataset.theme = 'light';
    await waitFor(() => expect(diff.querySelector('td.diff-line-old-content')).not.toBeNull());
    expect(within(diff).queryByRole('textbox', { name: 'Comment' })).toBeNull();
  });

  it('the layout switched to Unified while typing on a range: the field for lines 2-3 opens again with its text', async () => {
    const { fake } = api();
    await renderApp(fake);
    const user = userEvent.setup();
    const diff = await openDiff('src/app.ts', 'split');
    // Only now (the region measured without it, so wide): the unified view's comment line asks for one.
    globalThis.ResizeObserver = NoLayoutResizeObserver as unknown as typeof ResizeObserver;
    (await lineButton(diff, 2, 'new')).focus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}{Enter}');
    await user.keyboard('Both of these');
    await user.click(screen.getByRole('button', { name: 'Unified' }));
    await waitFor(() => expect(diff.querySelector('td.diff-line-old-content')).toBeNull());
    const again = await within(diff).findByRole('textbox', { name: 'Comment' });
    expect(again).toHaveValue('Both of these');
    expect(again).toHaveAccessibleDescription('On src/app.ts, lines 2-3');
    // Focus was on Unified when the diff was drawn again: it stays there.
    expect(screen.getByRole('button', { name: 'Unified' })).toHaveFocus();
    await user.click(within(diff).getByRole('button', { name: 'Cancel' }));
    expect(within(diff).queryByRole('textbox', { name: 'Comment' })).toBeNull();
    // Closed, focus goes back to the line the range was chosen from, drawn anew.
    expect(await lineButton(diff, 2, 'new')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(diff.querySelector('td.diff-line-old-content')).not.toBeNull());
    expect(within(diff).queryByRole('textbox', { name: 'Comment' })).toBeNull();
  });

  it('a push changed the file while typing on it: the diff is drawn anew, "Comment on file" opens again with its text', async () => {
    const { fake } = api();
    await renderApp(fake);
    const user = userEvent.setup();
    const diff = await openDiff('src/app.ts', 'split');
    await user.click(within(diff).getByRole('button', { name: 'Comment on file' }));
    const field = await within(diff).findByRole('textbox', { name: 'Comment' });
    await user.keyboard('Split this file');
    // The agent wrote another line: main pushes the session's changes, the list and the diff are read again.
    const longer = `${DIFF}+const d = 5;\n`.replace('@@ -1,2 +1,3 @@', '@@ -1,2 +1,4 @@');
    fake.override('git:fileDiff', () => ({ ok: true, value: { file, diff: longer, truncated: false, oldContent: 'const a = 1;\nconst b = 2;\n', newContent: 'const a = 1;\nconst b = 3;\nconst c = 4;\nconst d = 5;\n' } }));
    const pushed = { ...summary, added: 3 };
    fake.override('git:changes', () => ({ ok: true, value: { summary: pushed, forkCommit: 'abc', files: [{ ...file, added: 3 }], truncated: false } }));
    fake.push('session:changes', pushed);
    const region = screen.getByRole('region', { name: 'Changes' });
    await waitFor(() => expect(field.isConnected).toBe(false), { timeout: 5000 });
    const now = await within(region).findByRole('group', { name: 'Diff of src/app.ts' });
    const again = await within(now).findByRole('textbox', { name: 'Comment' });
    expect(again).toHaveValue('Split this file');
    expect(again).toHaveAccessibleDescription('On src/app.ts');
    expect(again).toHaveFocus();
  });
});
