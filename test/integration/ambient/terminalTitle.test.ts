/**
 * Titles for terminal sessions (issue 32) in a real core: a real PTY running a real bash, lines
 * typed as keystrokes through the pane's path (`terminals.input`), a real SQLite file, the real
 * Anthropic SDK against the stand-in model server. A terminal's turn is a submitted line whose
 * command ended; its title is made from the lines, the screen's tail and the window title, each
 * masked, and it is asked again only at its pace and only when something changed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAINTAIN_EVERY_MS, MAINTAIN_EVERY_TURNS } from '../../../src/main/core/ambient/features/terminalTitles';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import { setLogSink } from '../../../src/main/core/logger';
import { createManualClock, type ManualClock } from '../../../src/main/core/services';
import { settle } from '../../support/ambientCore';
import { startModelServer, type ModelServer, type RecordedRequest } from '../../support/model-server';
import { taggedBlock } from '../../support/model-server-policy';
import { until } from '../../support/until';

setLogSink(() => {});

// Fake secrets, assembled at run time so no scanner takes this file for a leak.
const j = (...parts: string[]): string => parts.join('');
const SECRETS = {
  openai: j('sk-', 'proj-', 'Ab3dEf6hIj9kLm2nOp5qRs8t'),
  anthropic: j('sk-', 'ant-', 'api03-', 'Qw3rTy6uIo9pAs2dFg5hJk8l_zx'),
  ghp: j('gh', 'p_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'),
  githubPat: j('github', '_pat_', '11ABCDEFG0', 'a1b2c3d4e5f6g7h8i9j0_xyzXYZ'),
  awsId: j('AKIA', 'IOSFODNN7EXAMPLE'),
  awsSecret: j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY'),
  slack: j('xox', 'b-', '123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'),
  jwt: j('eyJ', 'hbGciOiJIUzI1NiJ9', '.eyJ', 'zdWIiOiIxMjM0NTY3ODkwIn0', '.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'),
  bearer: j('mF_9.B5f-4.1', 'JqM7Xy3Zpq'),
  password: j('hunter2-', 'Pa55'),
  token: j('tok-', '5f1e9c2a7b'),
  secret: j('shh-', '0d9e8f7a6b'),
  urlPass: j('pr1v4te-', 'pass'),
  keyBody: j('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 'BKcwggSjAgEAAoIBAQC7'),
} as const;

let server: ModelServer;
let dataDir: string;
let folder: string;
const open: SwarmCore[] = [];

function startCore(clock?: ManualClock, extraEnv: NodeJS.ProcessEnv = {}): SwarmCore {
  const env = { ANTHROPIC_API_KEY: 'x', ANTHROPIC_BASE_URL: server.url, PATH: process.env.PATH, HOME: dataDir, ...extraEnv };
  const c = createCore({ dataDir: join(dataDir, 'data'), platform: { transport: 'web', openExternal: async () => false }, env, defaultFolder: folder, ...(clock ? { clock } : {}) });
  open.push(c);
  return c;
}

/** A terminal running an interactive bash without rc files, opened as a pane would, its output collected. */
async function startTerminal(core: SwarmCore): Promise<{ id: string; output: () => string; turns: () => number }> {
  const row = core.services.sessions.create({ kind: 'terminal', folder, backendId: '/bin/bash --norc --noprofile -i' });
  const chunks: string[] = [];
  let turns = 0;
  core.events.subscribe((event, payload) => {
    const p = payload as { sessionId?: string; data?: string };
    if (event === 'terminal:data' && p.sessionId === row.id && p.data) chunks.push(p.data);
  });
  core.services.hooks.on('terminalTurnEnded', (r) => {
    if (r.id === row.id) turns += 1;
  });
  await core.services.terminals.open(row.id, 100, 30);
  await until(() => /[$#] $/.test(chunks.join('')), { message: "bash's first prompt" });
  return { id: row.id, output: () => chunks.join(''), turns: () => turns };
}

const isTitleCall = (req: RecordedRequest): boolean => req.lastUserText.includes('<submitted_lines>');

beforeEach(async () => {
  server = await startModelServer();
  dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-termtitle-'));
  folder = join(dataDir, 'thumbs');
  mkdirSync(folder);
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a terminal is titled from its work (real PTY, real bash)', () => {
  it('after its first turn, from its lines, its screen tail and its window title as tagged blocks, with every secret shape masked', async () => {
    server.setPolicy((req) =>
      isTitleCall(req) && (taggedBlock(req.lastUserText, ['submitted_lines']) ?? '').includes('thumbnail') ? { text: 'ANSWER: Profile the thumbnail resize step' } : { text: 'SKIP' },
    );
    writeFileSync(join(folder, 'deploy_key.pem'), `-----BEGIN RSA PRIVATE KEY-----\n${SECRETS.keyBody}\n-----END RSA PRIVATE KEY-----\n`);
    const core = startCore();
    const t = await startTerminal(core);
    // Typed (each shape in a submitted line) and printed (each shape assembled by the shell, so only the screen has it whole).
    const typed = [
      `printf '\\033]0;thumbnail resize profiler\\007'`,
      'echo "profiling the thumbnail resize step"',
      `export OPENAI_API_KEY=${SECRETS.openai} AWS_ACCESS_KEY_ID=${SECRETS.awsId} AWS_SECRET_ACCESS_KEY=${SECRETS.awsSecret}`,
      `echo 'Authorization: Bearer ${SECRETS.bearer}' "password=${SECRETS.password}" "token=${SECRETS.token}" "secret=${SECRETS.secret}"`,
      `git remote -v 2>/dev/null; echo https://me:${SECRETS.urlPass}@git.example.com/thumbs.git ${SECRETS.slack}`,
      `printf '%s%s %s%s %s%s %s%s\\n' sk- '${SECRETS.anthropic.slice(3)}' gh '${SECRETS.ghp.slice(2)}' github '${SECRETS.githubPat.slice(6)}' eyJ '${SECRETS.jwt.slice(3)}'`,
      'cat deploy_key.pem',
      'echo "done-$((40+2))"',
    ];
    await core.services.terminals.input(t.id, `${typed.join('\r')}\r`);
    await until(() => t.output().includes('done-42'), { message: 'the lines ran' });
    await until(() => core.services.sessions.get(t.id).title, { timeoutMs: 20_000, message: 'a title from the terminal' });
    expect(core.services.sessions.get(t.id).title).toBe('Profile the thumbnail resize step');
    expect(t.turns()).toBeGreaterThanOrEqual(1);

    // The screen did show every secret whole: the masking is the prompt's, not a missing screen.
    const screen = core.services.terminals.ambientMaterial(t.id)?.screen ?? '';
    for (const s of [SECRETS.anthropic, SECRETS.ghp, SECRETS.githubPat, SECRETS.jwt, SECRETS.keyBody]) expect(screen).toContain(s);

    const request = server.requests.find(isTitleCall);
    if (!request) throw new Error('no title request');
    const text = request.lastUserText;
    expect(taggedBlock(text, ['submitted_lines'])).toContain('echo "profiling the thumbnail resize step"');
    expect(taggedBlock(text, ['screen_tail'])).toContain('done-42');
    expect(taggedBlock(text, ['window_title'])).toBe('thumbnail resize profiler');
    expect(text).not.toContain('<current_title>');
    for (const req of server.requests) {
      const sent = JSON.stringify(req.body);
      for (const [name, secret] of Object.entries(SECRETS)) expect(sent, name).not.toContain(secret);
    }
    expect(taggedBlock(text, ['submitted_lines'])).toContain('[secret]');
    expect(taggedBlock(text, ['screen_tail'])).toContain('[secret] (private key)');
  });

  it('a line typed while the terminal hid it (a password at read -s) reaches no model, and Regenerate reads the terminal', async () => {
    server.setPolicy((req) => (isTitleCall(req) ? { text: 'ANSWER: Rotate the billing database password' } : { text: 'SKIP' }));
    const core = startCore();
    const t = await startTerminal(core);
    const password = j('correct-horse-', 'battery-staple-42');
    await core.services.terminals.input(t.id, "read -s -p 'db password: ' PW\r");
    await until(() => t.output().includes('db password: '), { message: 'the password prompt' });
    await core.services.terminals.input(t.id, `${password}\r`);
    // As a person would: the next line once the shell is back at its prompt (typed sooner, it too is hidden).
    await until(() => /db password: [\s\S]*[$#] $/.test(t.output()), { message: 'the prompt after the password' });
    await core.services.terminals.input(t.id, 'echo "rotating billing-db, ${#PW} characters"\r');
    await until(() => t.output().includes('rotating billing-db, 31 characters'), { message: 'the line after the password' });
    const r = await core.router.handle('sessions:regenerateTitle', { id: t.id }, { transport: 'test' });
    if (!r.ok) throw new Error(r.error.message);
    await settle(core);
    expect(core.services.sessions.get(t.id).title).toBe('Rotate the billing database password');
    const calls = server.requests.filter(isTitleCall);
    expect(calls.length).toBeGreaterThan(0);
    expect(taggedBlock(calls.at(-1)?.lastUserText ?? '', ['submitted_lines'])).toContain('rotating billing-db');
    for (const req of server.requests) expect(JSON.stringify(req.body)).not.toContain(password);
  });

  it("never over the user's own title: a renamed (pinned) terminal's turns make no call", async () => {
    server.setPolicy(() => ({ text: 'ANSWER: Something else entirely' }));
    const core = startCore();
    const t = await startTerminal(core);
    const r = await core.router.handle('sessions:rename', { id: t.id, title: 'My billing scratchpad' }, { transport: 'test' });
    if (!r.ok) throw new Error(r.error.message);
    await core.services.terminals.input(t.id, 'echo "resizing thumbnails $((2+3))"\r');
    await until(() => t.output().includes('resizing thumbnails 5') && t.turns() > 0, { message: 'the turn' });
    await settle(core);
    expect(server.requests.filter(isTitleCall)).toHaveLength(0);
    expect(core.services.sessions.get(t.id).title).toBe('My billing scratchpad');
  });

  it('with no model (the offline titler only), a command line is never a title: the terminal keeps its label, and no call is made', async () => {
    const core = startCore(undefined, { SWARMDESK_AMBIENT_PROVIDER: 'offline' });
    const t = await startTerminal(core);
    await core.services.terminals.input(t.id, 'echo hello $((1+1))\r');
    await until(() => t.output().includes('hello 2'), { message: 'the line ran' });
    await until(() => t.turns() > 0, { message: `the turn: ${JSON.stringify(t.output())}` });
    await settle(core);
    expect(core.services.sessions.get(t.id).title).toBeNull();
    const log = await core.router.handle('ambient:log', { sessionId: t.id }, { transport: 'test' });
    if (!log.ok) throw new Error(log.error.message);
    expect(log.value).toHaveLength(0);
  });

  it(`asks again only at its pace (${MAINTAIN_EVERY_TURNS} turns or ${MAINTAIN_EVERY_MS / 60_000} minutes) and never when the lines and the screen are as they were`, async () => {
    server.setPolicy((req) => {
      if (!isTitleCall(req)) return { text: 'SKIP' };
      return req.lastUserText.includes('<current_title>') ? { text: 'SKIP' } : { text: 'ANSWER: Benchmark the image cache' };
    });
    const clock = createManualClock(Date.now());
    const core = startCore(clock);
    const t = await startTerminal(core);
    const titleCalls = (): number => server.requests.filter(isTitleCall).length;
    /** One command, typed, run to its end (its turn counted). */
    const run = async (line: string, marker: string): Promise<void> => {
      const before = t.turns();
      await core.services.terminals.input(t.id, `${line}\r`);
      await until(() => t.output().includes(marker) && t.turns() > before, { message: `the turn of ${line}` });
      await settle(core);
    };
    await run('echo "image cache bench: $((6*7)) ms"', 'bench: 42 ms');
    expect(core.services.sessions.get(t.id).title).toBe('Benchmark the image cache');
    expect(titleCalls()).toBe(1);

    // Turns that changed nothing (an agent CLI's Stop, reported again and again): no call, even past the pace.
    for (let i = 0; i < MAINTAIN_EVERY_TURNS + 1; i += 1) core.services.terminals.turnEnded(t.id);
    await settle(core);
    expect(titleCalls()).toBe(1);

    // New work, but within the pace: no call until the fifth turn since the last one.
    for (let i = 1; i < MAINTAIN_EVERY_TURNS; i += 1) await run(`echo "round-${i}-$((${i}*11))"`, `round-${i}-${i * 11}`);
    expect(titleCalls()).toBe(1);
    await run('echo "round-5-$((5*11))"', 'round-5-55');
    expect(titleCalls()).toBe(2);
    const maintain = server.requests.filter(isTitleCall).at(-1)?.lastUserText ?? '';
    expect(taggedBlock(maintain, ['current_title'])).toBe('Benchmark the image cache');
    expect(core.services.sessions.get(t.id).title).toBe('Benchmark the image cache'); // SKIP keeps it

    // Ten minutes on, the next turn that changed something is asked about at once.
    await run('echo "round-6-$((6*11))"', 'round-6-66');
    expect(titleCalls()).toBe(2);
    clock.advance(MAINTAIN_EVERY_MS);
    await run('echo "round-7-$((7*11))"', 'round-7-77');
    expect(titleCalls()).toBe(3);
    // And no other call: a titled terminal's lines are not each a chat's user turn to maintain the title on.
    expect(server.requests.length).toBe(3);
  });
});
