import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StatusReport } from '../../src/main/core/agents/sessionReports/hookStatus';
import { REPORT_ENV, SessionReports } from '../../src/main/core/agents/sessionReports/reportEndpoint';
import { SessionTokens } from '../../src/main/core/agents/sessionReports/sessionTokens';
import { until } from '../support/until';

const REPORTER = fileURLToPath(new URL('../../src/main/core/agents/sessionReports/reporter.ts', import.meta.url));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** The reporter as an agent's hook runs it: Node, the script, the agent's name, the hook's JSON on stdin. */
function runReporter(args: string[], env: Record<string, string>, stdin: string | Buffer): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [REPORTER, ...args], { env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
  });
}

/**
 * Nothing printed, exit 0, and far within the 5 s an agent gives our hook. The reporter itself ends by 180 ms
 * after it starts (its deadline; ~0.1 s in all on an idle machine), but Node alone takes over a second to start
 * on this shared machine under load, so the bound is generous; the mute host below is what the deadline is
 * for (without it the reporter would wait for an answer that never comes).
 */
function expectSilentAndQuick(run: Run): void {
  expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
  expect(run.ms).toBeLessThan(3_000);
}

describe('the per-session report endpoint (real loopback HTTP)', () => {
  let reports: SessionReports | null = null;
  afterEach(async () => {
    await reports?.close();
    reports = null;
  });

  async function endpoint() {
    reports = new SessionReports(new SessionTokens());
    const got: Array<{ sessionId: string; report: StatusReport }> = [];
    reports.on('status', StatusReport, (sessionId, report) => void got.push({ sessionId, report }));
    const url = await reports.listen();
    const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return { reports, url, got, post };
  }

  it("takes a report only with that very session's live token", async () => {
    const e = await endpoint();
    const a = e.reports.issue('session-a');
    const b = e.reports.issue('session-b');
    const report = (sessionId: string) => ({ sessionId, kind: 'status', agent: 'claude', event: 'Stop' });
    expect((await e.post(a.token.token, report('session-a'))).status).toBe(204);
    // A's token about B, a made-up token, B's token after its revoke: refused, and nothing reached the handler.
    expect((await e.post(a.token.token, report('session-b'))).status).toBe(401);
    expect((await e.post('x'.repeat(43), report('session-a'))).status).toBe(401);
    b.token.revoke();
    expect((await e.post(b.token.token, report('session-b'))).status).toBe(401);
    expect(e.got).toEqual([{ sessionId: 'session-a', report: report('session-a') }]);
    expect(a.env).toEqual({ [REPORT_ENV.sessionId]: 'session-a', [REPORT_ENV.token]: a.token.token, [REPORT_ENV.url]: e.url });
  });

  it('refuses browsers, other paths, unknown kinds, bad bodies and big ones', async () => {
    const e = await endpoint();
    const { token } = e.reports.issue('s');
    const ok = { sessionId: 's', kind: 'status', agent: 'gemini', event: 'AfterAgent' };
    expect((await e.post(token.token, ok, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await fetch(e.url.replace('/report', '/other'), { method: 'POST', headers: { authorization: `Bearer ${token.token}` }, body: '{}' })).status).toBe(404);
    expect((await e.post(token.token, { ...ok, kind: 'secrets' })).status).toBe(404);
    expect((await e.post(token.token, { ...ok, agent: 'vim' })).status).toBe(400);
    expect((await e.post(token.token, 'not json')).status).toBe(400);
    expect((await e.post(token.token, { ...ok, pad: 'x'.repeat(20_000) })).status).toBe(413);
    expect(e.got).toEqual([]);
  });

  it('a second kind of report answers with what its handler returns (the title tool of issue 33 builds on it)', async () => {
    const e = await endpoint();
    e.reports.on('title', z.object({ title: z.string().max(200) }), (sessionId, { title }) => ({ used: true, sessionId, title }));
    const { token } = e.reports.issue('s');
    const res = await e.post(token.token, { sessionId: 's', kind: 'title', title: 'Fix the login bug' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ used: true, sessionId: 's', title: 'Fix the login bug' });
  });

  it('the reporter posts the hook event with its token, prints nothing and exits 0 at once', async () => {
    const e = await endpoint();
    const { env } = e.reports.issue('s1');
    const run = await runReporter(['claude'], env, JSON.stringify({ session_id: 'x', hook_event_name: 'Notification', notification_type: 'permission_prompt', message: 'Claude needs your permission to use Bash' }));
    expectSilentAndQuick(run);
    await until(() => e.got.length === 1, { message: 'the report' });
    // Only the event and its type travel: never the message, the prompt or the transcript.
    expect(e.got[0]).toEqual({ sessionId: 's1', report: { sessionId: 's1', kind: 'status', agent: 'claude', event: 'Notification', notificationType: 'permission_prompt' } });
  });

  it('the reporter with a wrong token, another session\'s token, garbage on stdin or a host that is gone: ignored, silent, exit 0', async () => {
    const e = await endpoint();
    const mine = e.reports.issue('mine').env;
    const theirs = e.reports.issue('theirs').env;
    const stop = JSON.stringify({ hook_event_name: 'Stop' });
    const runs = [
      await runReporter(['claude'], { ...mine, [REPORT_ENV.token]: 'A'.repeat(43) }, stop),
      await runReporter(['claude'], { ...mine, [REPORT_ENV.token]: theirs[REPORT_ENV.token] ?? '' }, stop),
      await runReporter(['claude'], mine, Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22])),
      await runReporter(['claude'], mine, 'x'.repeat(1_000_000)),
      await runReporter(['vim'], mine, stop),
      await runReporter(['claude'], {}, stop),
    ];
    for (const run of runs) expectSilentAndQuick(run);
    const url = e.url;
    await e.reports.close();
    expectSilentAndQuick(await runReporter(['claude'], { ...mine, [REPORT_ENV.url]: url }, stop));
    expect(e.got).toEqual([]);
  });

  it('a host that never answers: the reporter still exits 0 within its deadline', async () => {
    const sockets: Socket[] = [];
    const mute = createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => mute.listen(0, '127.0.0.1', r));
    const port = (mute.address() as AddressInfo).port;
    try {
      const run = await runReporter(['claude'], { [REPORT_ENV.sessionId]: 's', [REPORT_ENV.token]: 'A'.repeat(43), [REPORT_ENV.url]: `http://127.0.0.1:${port}/report` }, JSON.stringify({ hook_event_name: 'Stop' }));
      expectSilentAndQuick(run);
      expect(sockets.length).toBe(1);
    } finally {
      for (const s of sockets) s.destroy();
      mute.close();
    }
  });

  it("codex: the notify JSON comes as the last argument, and the user's own notify program still runs", async () => {
    const e = await endpoint();
    const { env } = e.reports.issue('cx');
    const codexHome = mkdtempSync(join(tmpdir(), 'sd-codex-home-'));
    const out = join(codexHome, 'notified.json');
    writeFileSync(join(codexHome, 'config.toml'), `model = "gpt-5"\nnotify = ["/bin/sh", "-c", "printf '%s' \\"$1\\" > '${out}'", "sh"]\n\n[profiles.x]\nnotify = ["nope"]\n`);
    const payload = JSON.stringify({ type: 'agent-turn-complete', 'turn-id': '1', 'last-assistant-message': 'Done.' });
    expectSilentAndQuick(await runReporter(['codex', payload], { ...env, CODEX_HOME: codexHome }, ''));
    await until(() => e.got.length === 1, { message: 'the report' });
    expect(e.got[0]?.report).toMatchObject({ agent: 'codex', event: 'agent-turn-complete' });
    await until(() => { try { return readFileSync(out, 'utf8') === payload; } catch { return false; } }, { message: "the user's own notify program" });
  });
});
