import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, type SwarmCore } from '../../src/main/core/app';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import { setLogSink } from '../../src/main/core/logger';
import { startWebServer, type WebServer } from '../../src/main/transport/web/server';
import { setApi } from '../../src/renderer/src/bridge';
import { WebSocketBridge, type WebSocketLike } from '../../src/renderer/src/bridge/wsBridge';
import { addComment, loadReview, reviewChanged, useReview } from '../../src/renderer/src/features/review/actions';
import { resetReviewStore } from '../../src/renderer/src/features/review/store';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/ipc/contract';
import { coreGitEnv, makeRepo } from '../support/gitRepo';
import { startModelServer, type ModelServer } from '../support/model-server';
import { agentCoreEnv } from './agents/helpers';
import { until } from '../support/until';

/**
 * A review draft seen live by another client (issue 35): a real core (temp SQLite, real git) behind the
 * real web transport on loopback, two pages each with the renderer's own WebSocket bridge. One page adds,
 * edits, deletes and sends comments; the other page's review store (the real one, fed by `review:changed`
 * as boot/pushes.ts feeds it) follows without reloading.
 */
setLogSink(() => {});

let dir: string;
let model: ModelServer;
let core: SwarmCore | null = null;
let server: WebServer | null = null;
const pages: WebSocketBridge[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'swarm-review-live-'));
  model = await startModelServer();
  resetReviewStore();
});

afterEach(async () => {
  for (const p of pages.splice(0)) p.stop();
  await server?.close();
  server = null;
  await core?.close();
  core = null;
  await model.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<WebServer> {
  core = createCore({
    dataDir: join(dir, 'data'),
    platform: { transport: 'web', openExternal: async () => false },
    env: agentCoreEnv(model.url, dir, coreGitEnv()),
    defaultFolder: dir,
  });
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>test</title>');
  server = await startWebServer({ router: core.router, events: core.events, rendererDir, port: 0 });
  return server;
}

/** A page's bridge, as the renderer makes it, on a `ws` socket sent with the page's origin. */
async function openPage(s: WebServer): Promise<WebSocketBridge> {
  const origin = `http://127.0.0.1:${String(s.port)}`;
  const page = new WebSocketBridge({
    url: `ws://127.0.0.1:${String(s.port)}/ws`,
    token: s.token,
    createSocket: (url) => new WebSocket(url, { origin }) as unknown as WebSocketLike,
  });
  pages.push(page);
  page.start();
  await until(() => page.connectionState() === 'open', { message: 'the page to connect' });
  return page;
}

async function ok<C extends ChannelName>(page: WebSocketBridge, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await page.invoke(channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

const states = (id: string): string[] => (useReview.getState().comments[id] ?? []).map((c) => `${c.path}:${String(c.startLine)} ${c.state} ${c.body}`);

describe('review comments live across clients (real core, real web transport)', () => {
  it("one page's draft, edit, delete and send show on the other page without reloading", async () => {
    const s = await start();
    const mine = await openPage(s);
    const theirs = await openPage(s);
    const repo = makeRepo('review live');
    const row = await ok(mine, 'sessions:create', { kind: 'chat', folder: repo, worktree: { enabled: true, copyPatterns: [], setupCommand: '' } });
    const wt = readWorktreeRecord(core!.services.store, row.id)!.path;
    writeFileSync(join(wt, 'lexer.ts'), 'const a = 1;\nconst tmp2 = 2;\n');

    // The other page shows the session's (empty) review, its store fed by the push as boot/pushes.ts does.
    setApi(theirs);
    theirs.on('review:changed', ({ sessionId }) => reviewChanged(sessionId));
    await loadReview(row.id);
    expect(states(row.id)).toEqual([]);

    const first = await ok(mine, 'review:add', { id: row.id, path: 'lexer.ts', side: 'new', startLine: 2, body: 'Call it total.' });
    await until(() => states(row.id).length === 1, { message: "the other page to show the first page's draft" });
    expect(states(row.id)).toEqual(['lexer.ts:2 draft Call it total.']);

    await ok(mine, 'review:edit', { id: row.id, commentId: first.id, body: 'Call it `total`.' });
    await until(() => states(row.id)[0] === 'lexer.ts:2 draft Call it `total`.', { message: 'the edit to show' });

    const second = await ok(mine, 'review:add', { id: row.id, path: 'lexer.ts', side: 'new', startLine: 1, body: 'Fine as is.' });
    await until(() => states(row.id).length === 2, { message: 'the second draft to show' });
    await ok(mine, 'review:delete', { id: row.id, commentId: second.id });
    await until(() => states(row.id).length === 1, { message: 'the deleted draft to leave' });

    // The other page adds through its own actions; the first page's reply already holds it too.
    setApi(theirs);
    expect(await addComment(row.id, { path: 'lexer.ts', side: 'new', startLine: 1, endLine: 2 }, 'Both lines.')).toEqual({ ok: true });
    expect((await ok(mine, 'review:list', { id: row.id })).comments.map((c) => c.body)).toEqual(['Call it `total`.', 'Both lines.']);

    await ok(mine, 'review:send', { id: row.id });
    await until(() => states(row.id).every((x) => x.includes(' sent ')), { message: 'the sent state to show' });

    // A later change of those lines (read by the first page): the other page sees them outdated.
    writeFileSync(join(wt, 'lexer.ts'), 'const a = 1;\nconst total = 2;\n');
    await ok(mine, 'review:list', { id: row.id });
    await until(() => states(row.id).every((x) => x.includes(' outdated ')), { message: 'the outdated state to show' });
    const sent = (await ok(mine, 'review:list', { id: row.id })).comments;
    await ok(mine, 'review:resolve', { id: row.id, commentId: sent[0]!.id });
    await until(() => states(row.id)[0]?.includes(' resolved ') === true, { message: 'the resolved state to show' });
  });
});
