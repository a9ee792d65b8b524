import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSettingsOpen } from '../../src/renderer/src/features/settings/store';
import type { TitleHint } from '../../src/shared/ipc/settings';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/** Main's side as the core keeps it: hints per project, one too long refused with its sentence. */
function hintsApi(): FakeApi {
  const api = new FakeApi([
    makeRow({ id: 'a', title: 'Billing export', folder: '/src/billing' }),
    makeRow({ id: 'b', title: 'Docs site', folder: '/src/docs' }),
  ]);
  let hints: TitleHint[] = [{ project: '/src/docs', hint: 'name the page' }];
  api.override('settings:titleHints', () => ({ ok: true, value: { hints } }));
  api.override('settings:setTitleHint', (input) => {
    if (input.hint.length > 160) return { ok: false, error: { code: 'BAD_INPUT', message: `A title hint is at most 160 characters; this one has ${input.hint.length}.` } };
    hints = [...hints.filter((h) => h.project !== input.project), ...(input.hint.trim() ? [{ project: input.project, hint: input.hint.trim() }] : [])];
    return { ok: true, value: { hints } };
  });
  return api;
}

async function openHints() {
  act(() => setSettingsOpen(true, 'general'));
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  return within(dialog).getByRole('group', { name: 'Title hints' });
}

describe('Settings → General: a project’s title hint', () => {
  it('a textbox "Title hint" per project: shows the stored one, saves with Enter, says a refusal in an alert', async () => {
    const api = hintsApi();
    await renderApp(api);
    await screen.findAllByRole('listitem');
    const group = await openHints();
    const project = within(group).getByRole('combobox', { name: 'Project' });
    const hint = within(group).getByRole('textbox', { name: 'Title hint' });
    expect(within(project).getAllByRole('option').map((o) => o.textContent)).toEqual(['billing', 'docs']);
    expect(hint).toHaveValue('');

    await userEvent.type(hint, 'use ticket ids like ABC-123{Enter}');
    expect(api.callsTo('settings:setTitleHint')).toEqual([{ project: '/src/billing', hint: 'use ticket ids like ABC-123' }]);
    expect(await within(group).findByRole('status')).toHaveTextContent('Saved.');

    await userEvent.selectOptions(project, '/src/docs');
    expect(hint).toHaveValue('name the page');
    await userEvent.clear(hint);
    await userEvent.click(hint);
    await userEvent.paste('x'.repeat(161));
    await userEvent.click(within(group).getByRole('button', { name: 'Save title hint' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent('A title hint is at most 160 characters; this one has 161.');
    expect(hint).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(project, '/src/billing');
    expect(hint).toHaveValue('use ticket ids like ABC-123');
  });
});
