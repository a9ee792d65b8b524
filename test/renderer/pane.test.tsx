import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeEntry, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';
import { useEntries } from '../../src/renderer/src/stores/entries';

async function openPane(api: FakeApi, label: RegExp) {
  await renderApp(api);
  await userEvent.click(await screen.findByRole('listitem', { name: label }));
  return screen.getByRole('main');
}

describe('pane', () => {
  it('the header shows label, status and kind · folder', async () => {
    const pane = await openPane(new FakeApi([makeRow({ id: 'a', title: 'Fix kumquat websocket drops', kind: 'claude-code', folder: '~/src/billing-api', status: 'waiting' })]), /^Fix/);
    expect(pane).toHaveAccessibleName('Fix kumquat websocket drops');
    expect(within(pane).getByRole('heading', { name: 'Fix kumquat websocket drops' })).toBeInTheDocument();
    expect(within(pane).getByText('waiting for you')).toBeInTheDocument();
    expect(within(pane).getByText('Claude Code · ~/src/billing-api')).toBeInTheDocument();
  });

  it('Enter sends; Shift+Enter makes a new line', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    await openPane(api, /^Alpha/);
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(composer, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(api.callsTo('sessions:send')).toEqual([]);
    expect(composer).toHaveValue('first line\nsecond line');
    await userEvent.keyboard('{Enter}');
    expect(api.callsTo('sessions:send')).toEqual([{ id: 'a', text: 'first line\nsecond line' }]);
    await waitFor(() => expect(composer).toHaveValue(''));
    expect(screen.getByRole('log', { name: 'Transcript' })).toHaveTextContent('first line second line');
    // An empty composer sends nothing.
    await userEvent.type(composer, '   {Enter}');
    expect(api.callsTo('sessions:send')).toHaveLength(1);
  });

  it('the Send button sends too, and a refused message stays in the composer with the reason', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    api.override('sessions:send', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'No chat provider is configured.' } }));
    await openPane(api, /^Alpha/);
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(composer, 'hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(api.callsTo('sessions:send')).toEqual([{ id: 'a', text: 'hello' }]);
    expect(await screen.findByText('No chat provider is configured.')).toBeInTheDocument();
    expect(composer).toHaveValue('hello');
    // Trying again does not stack a second copy of the same message.
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('sessions:send')).toHaveLength(2));
    expect(screen.getAllByText('No chat provider is configured.')).toHaveLength(1);
  });

  it('opening an unread session marks it read, and so does new activity in the pane being looked at', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha', unread: true }), makeRow({ id: 'b', title: 'Bravo' })]);
    await openPane(api, /^Alpha/);
    await waitFor(() => expect(api.callsTo('sessions:markRead')).toEqual([{ id: 'a' }]));
    act(() => api.push('session:changed', { ...api.rows.get('b'), unread: true }));
    act(() => api.push('session:changed', { ...api.rows.get('a'), unread: true }));
    await waitFor(() => expect(api.callsTo('sessions:markRead')).toEqual([{ id: 'a' }, { id: 'a' }]));
    expect(screen.getByRole('listitem', { name: /^Bravo/ })).toHaveAccessibleName(/unread/);
  });

  it('an unsent draft stays with its session when the pane shows another one', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' }), makeRow({ id: 'b', title: 'Bravo' })]);
    await openPane(api, /^Alpha/);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'half a thought');
    await userEvent.click(screen.getByRole('listitem', { name: /^Bravo/ }));
    expect(screen.getByRole('main', { name: 'Bravo' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await userEvent.click(screen.getByRole('listitem', { name: /^Alpha/ }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('half a thought');
  });

  it('Stop shows only while the agent works', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha', status: 'idle' })]);
    await openPane(api, /^Alpha/);
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'working' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(api.callsTo('sessions:stop')).toEqual([{ id: 'a' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument());
  });

  it('markdown never renders raw HTML: an <img onerror> in an assistant entry stays text', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    api.entries.set('a', [
      makeEntry({ sessionId: 'a', seq: 0, kind: 'assistant', text: 'Look: <img src=x onerror="alert(1)"> and <script>alert(2)</script>\n\n```ts\nconst x = 1;\n```\n\n[bad](javascript:alert(3))' }),
    ]);
    await openPane(api, /^Alpha/);
    const log = screen.getByRole('log', { name: 'Transcript' });
    await waitFor(() => expect(log).toHaveTextContent('<img src=x onerror="alert(1)">'));
    expect(log.querySelector('img')).toBeNull();
    expect(log.querySelector('script')).toBeNull();
    expect(log.querySelector('[onerror]')).toBeNull();
    expect(log.querySelector('pre code')).toHaveTextContent('const x = 1;');
    expect(log.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
  });

  it('tool use and tool result are one collapsed line each until opened; user and agent are styled apart', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    api.entries.set('a', [
      makeEntry({ sessionId: 'a', seq: 0, kind: 'user', text: 'run the tests' }),
      makeEntry({ sessionId: 'a', seq: 1, kind: 'tool-use', text: '{"command":"npm test"}', meta: { name: 'Bash', command: 'npm test' } }),
      makeEntry({ sessionId: 'a', seq: 2, kind: 'tool-result', text: '42 passed\n0 failed' }),
      makeEntry({ sessionId: 'a', seq: 3, kind: 'assistant', text: 'All **green**.' }),
    ]);
    await openPane(api, /^Alpha/);
    const log = screen.getByRole('log', { name: 'Transcript' });
    await waitFor(() => expect(log.querySelectorAll('details')).toHaveLength(2));
    const [tool, result] = [...log.querySelectorAll('details')];
    expect(tool).not.toHaveAttribute('open');
    expect(tool?.querySelector('summary')).toHaveTextContent('Bash: npm test');
    expect(result?.querySelector('summary')).toHaveTextContent('Result: 42 passed');
    await userEvent.click(tool?.querySelector('summary') as HTMLElement);
    expect(tool).toHaveAttribute('open');
    expect(log.querySelector('.entry-user')).toHaveTextContent('run the tests');
    expect(log.querySelector('.entry-agent strong')).toHaveTextContent('green');
  });

  it('pushed entries and the streaming message appear in the open transcript', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    await openPane(api, /^Alpha/);
    const log = screen.getByRole('log', { name: 'Transcript' });
    await waitFor(() => expect(api.callsTo('entries:page')).toHaveLength(1));
    act(() => api.push('entry:streaming', { sessionId: 'a', kind: 'assistant', text: 'Thinking about it' }));
    expect(log).toHaveTextContent('Thinking about it');
    act(() => api.push('entry:added', makeEntry({ sessionId: 'a', seq: 0, kind: 'assistant', text: 'Done thinking.' })));
    expect(log).toHaveTextContent('Done thinking.');
    expect(log).not.toHaveTextContent('Thinking about it');
    // A malformed push never reaches the transcript.
    act(() => api.push('entry:added', { sessionId: 'a', seq: -1, kind: 'assistant', text: 'bad' }));
    expect(log).not.toHaveTextContent('bad');
  });

  it('streaming text of a session no pane shows is not kept', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' }), makeRow({ id: 'b', title: 'Bravo' })]);
    await openPane(api, /^Alpha/);
    await waitFor(() => expect(api.callsTo('entries:page')).toHaveLength(1));
    const before = useEntries.getState();
    act(() => api.push('entry:streaming', { sessionId: 'b', kind: 'assistant', text: 'Bravo is typing' }));
    expect(useEntries.getState()).toBe(before);
    expect(useEntries.getState().bySession.b).toBeUndefined();
    // Opening Bravo's pane then shows its next push.
    await userEvent.click(screen.getByRole('listitem', { name: /^Bravo/ }));
    await waitFor(() => expect(api.callsTo('entries:page')).toHaveLength(2));
    act(() => api.push('entry:streaming', { sessionId: 'b', kind: 'assistant', text: 'Bravo is typing more' }));
    expect(screen.getByRole('log', { name: 'Transcript' })).toHaveTextContent('Bravo is typing more');
  });

  it('Ctrl-click opens a second pane side by side (a region beside the main); panes close', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' }), makeRow({ id: 'b', title: 'Bravo' })]);
    await openPane(api, /^Alpha/);
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('listitem', { name: /^Bravo/ }));
    await user.keyboard('{/Control}');
    expect(screen.getByRole('main', { name: 'Bravo' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Alpha' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('main', { name: 'Bravo' })).getByRole('button', { name: 'Close pane' }));
    expect(screen.queryByRole('main', { name: 'Bravo' })).not.toBeInTheDocument();
    expect(screen.getByRole('main', { name: 'Alpha' })).toBeInTheDocument();
  });

  it('"Open in new pane" from the row menu, and Alt+↓/↑ step through sessions', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha', position: 0 }), makeRow({ id: 'b', title: 'Bravo', position: 1 }), makeRow({ id: 'c', title: 'Charlie', position: 2 })]);
    await openPane(api, /^Alpha/);
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(screen.getByRole('main', { name: 'Bravo' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: /^Bravo/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{Control>}{ArrowDown}{/Control}');
    expect(screen.getByRole('main', { name: 'Charlie' })).toBeInTheDocument();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(screen.getByRole('main', { name: 'Bravo' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('listitem', { name: /^Alpha/ })).getByRole('button', { name: /More actions/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Open in new pane' }));
    expect(screen.getByRole('main', { name: 'Alpha' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bravo' })).toBeInTheDocument();
  });

  it('the ghost suggestion: Tab accepts it into the composer, Escape dismisses it, it is never sent by itself', async () => {
    const { setSuggestion } = await import('../../src/renderer/src/stores/sessions');
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    await openPane(api, /^Alpha/);
    const composer = screen.getByRole('textbox', { name: 'Message' });
    act(() => setSuggestion('a', 'add a test for the reconnect'));
    composer.focus();
    await userEvent.keyboard('{Tab}');
    expect(composer).toHaveValue('add a test for the reconnect');
    expect(api.callsTo('sessions:send')).toEqual([]);
    await userEvent.clear(composer);
    act(() => setSuggestion('a', 'run the linter'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('run the linter')).not.toBeInTheDocument();
    expect(composer).not.toHaveAttribute('aria-describedby');
    expect(api.callsTo('ambient:dismiss')).toContainEqual({ id: 'a', what: 'suggestion' });
  });

  it('a reopened pane shows the pick-up note from main and suggestion; pushes update them; sending dismisses the note', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    api.ambient.set('a', { suggestion: null, pickupNote: 'We were fixing the reconnect. How can I help?' });
    await openPane(api, /^Alpha/);
    expect(await screen.findByRole('note', { name: 'Pick-up note' })).toHaveTextContent('How can I help?');
    act(() => api.push('session:suggestion', { sessionId: 'a', text: 'add a reconnect test' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Suggestion: add a reconnect test');
    act(() => api.push('session:suggestion', { sessionId: 'a', text: null }));
    expect(screen.getByRole('textbox', { name: 'Message' })).not.toHaveAttribute('aria-describedby');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'carry on{Enter}');
    await waitFor(() => expect(screen.queryByRole('note', { name: 'Pick-up note' })).not.toBeInTheDocument());
    expect(api.callsTo('ambient:dismiss')).toContainEqual({ id: 'a', what: 'pickupNote' });
  });

  it('Ctrl+N opens the New session dialog; with no sessions there is an empty state', async () => {
    await renderApp(new FakeApi());
    expect(await screen.findByText('No sessions yet')).toBeInTheDocument();
    await userEvent.keyboard('{Control>}n{/Control}');
    expect(screen.getByRole('dialog', { name: 'New session' })).toBeInTheDocument();
  });
});

describe('after the connection comes back', () => {
  it('the swarm and the open transcripts are fetched again', async () => {
    const { refreshAfterReconnect } = await import('../../src/renderer/src/boot/boot');
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    await openPane(api, /^Alpha/);
    await waitFor(() => expect(api.callsTo('entries:page')).toHaveLength(1));
    // Missed while disconnected: a new entry and a renamed row.
    api.entries.set('a', [makeEntry({ sessionId: 'a', seq: 0, text: 'said while offline' })]);
    api.rows.set('a', { ...(api.rows.get('a') as ReturnType<typeof makeRow>), title: 'Alpha renamed elsewhere' as never });
    await act(async () => refreshAfterReconnect());
    expect(screen.getByRole('log', { name: 'Transcript' })).toHaveTextContent('said while offline');
    expect(screen.getByRole('listitem', { name: /^Alpha renamed elsewhere/ })).toBeInTheDocument();
  });
});

describe('long transcripts', () => {
  it('show the last page first and load earlier pages on request', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    api.entries.set('a', Array.from({ length: 250 }, (_, seq) => makeEntry({ sessionId: 'a', seq, text: `message number ${seq}` })));
    api.override('entries:page', (input) => {
      const all = api.entries.get('a') ?? [];
      const before = input.beforeSeq ?? all.length;
      const page = all.filter((e) => e.seq < before).slice(-(input.limit ?? 200));
      return { ok: true, value: { entries: page, hasMore: (page[0]?.seq ?? 0) > 0 } };
    });
    await openPane(api, /^Alpha/);
    const log = screen.getByRole('log', { name: 'Transcript' });
    await waitFor(() => expect(log).toHaveTextContent('message number 249'));
    expect(within(log).queryByText('message number 49')).toBeNull();
    expect(within(log).getByText('message number 50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(await within(log).findByText('message number 0')).toBeInTheDocument();
    expect(api.callsTo('entries:page').at(-1)).toEqual({ id: 'a', limit: 200, beforeSeq: 50 });
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  });
});
