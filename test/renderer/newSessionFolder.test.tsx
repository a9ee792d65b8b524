import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FolderCheck } from '../../src/shared/ipc/sessions';
import { FakeApi } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// The New session dialog's Folder field: checked as the user types (through main), and the last folder remembered.

const FOLDERS = new Set(['/home/ada/src', '/home/ada/src/kumquat', '/home/ada/work']);

/** A main that knows a few folders; anything else is missing, as `sessions:checkFolder` says it. */
function folderApi(lastFolder: string | null = null): FakeApi {
  const api = new FakeApi();
  api.override('app:info', () => ({ ok: true, value: { version: '0', platform: 'test', transport: 'web', dataDir: '/tmp/x', defaultFolder: '/home/ada/src', notices: [], notifications: true, lastFolder } }));
  api.override('sessions:checkFolder', ({ folder }): { ok: true; value: FolderCheck } => ({
    ok: true,
    value: FOLDERS.has(folder) ? { folder, problem: null, message: null } : { folder: null, problem: 'missing', message: `No folder at ${folder}. Pick an existing folder.` },
  }));
  return api;
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'New session' }));
  const dialog = await screen.findByRole('dialog', { name: 'New session' });
  return { dialog, folder: within(dialog).getByRole('textbox', { name: 'Folder' }), create: within(dialog).getByRole('button', { name: 'Create' }) };
}

beforeEach(() => localStorage.clear());

describe('New session: the Folder field', () => {
  it('a missing folder is an inline error at the field as it is typed, with Create disabled; fixing it enables Create', async () => {
    const api = folderApi();
    await renderApp(api);
    const { dialog, folder, create } = await openDialog();
    await userEvent.clear(folder);
    await userEvent.type(folder, '/home/ada/src/kumqat');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No folder at /home/ada/src/kumqat. Pick an existing folder.');
    expect(folder).toHaveAttribute('aria-invalid', 'true');
    expect(folder).toHaveAccessibleDescription('No folder at /home/ada/src/kumqat. Pick an existing folder.');
    expect(create).toBeDisabled();
    // Checked once the typing rested, not once per key.
    expect(api.callsTo('sessions:checkFolder').length).toBeLessThan('/home/ada/src/kumqat'.length);

    await userEvent.clear(folder);
    await userEvent.type(folder, '/home/ada/src/kumquat');
    await waitFor(() => expect(api.callsTo('sessions:checkFolder')).toContainEqual({ folder: '/home/ada/src/kumquat' }));
    await waitFor(() => expect(create).toBeEnabled());
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(folder).not.toHaveAttribute('aria-invalid');
    await userEvent.click(create);
    expect(api.callsTo('sessions:create')).toEqual([expect.objectContaining({ folder: '/home/ada/src/kumquat' })]);
  });

  it('an empty folder says so at once and Create stays disabled', async () => {
    await renderApp(folderApi());
    const { dialog, folder, create } = await openDialog();
    await userEvent.clear(folder);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type the folder the session works in.');
    expect(create).toBeDisabled();
  });

  it('the last folder used is prefilled next time, not the home folder', async () => {
    const api = folderApi();
    await renderApp(api);
    let d = await openDialog();
    expect(d.folder).toHaveValue('/home/ada/src');
    await userEvent.clear(d.folder);
    await userEvent.type(d.folder, '/home/ada/work');
    await waitFor(() => expect(d.create).toBeEnabled());
    await userEvent.click(d.create);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New session' })).toBeNull());
    d = await openDialog();
    expect(d.folder).toHaveValue('/home/ada/work');
  });

  it('at start, the folder main remembers from last time is the prefilled one', async () => {
    await renderApp(folderApi('/home/ada/src/kumquat'));
    const { folder } = await openDialog();
    expect(folder).toHaveValue('/home/ada/src/kumquat');
  });
});
