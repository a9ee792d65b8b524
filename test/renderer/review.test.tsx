import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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

function api(): { fake: FakeApi; stored: ReviewComment[] } {
  const fake = new FakeApi([makeRow({ id: 'w', kind: 'terminal', title: 'Fix the lexer' })]);
  const stored: ReviewComment[] = [];
  fake.override('git:changeSummaries', () => ({ ok: true, value: { items: [summary] } }));
  const changes: Changes = { summary, forkCommit: 'abc', files: [file], truncated: false };
  fake.override('git:changes', () => ({ ok: true, value: changes }));
  fake.override('git:fileDiff', () => ({ ok: true, value: { file, diff: DIFF, truncated: false, oldContent: 'const a = 1;\nconst b = 2;\n', newContent: 'const a = 1;\nconst b = 3;\nconst c = 4;\n' } }));
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
