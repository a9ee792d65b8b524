import { createServer, connect, type Server, type Socket } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createSessionIn, isolatedHome } from './support/agents';
import { freshDataDir, startServer, stopHost, type RunningServer } from './support/server';
import { snap } from './support/shots';

// Issue 28, a page whose web front died: it said "Reconnecting to Swarmdesk…" forever with a live Stop
// button. After three failed reconnects (or 15 s) it says in an alert that the server is gone and how to
// open Swarmdesk again, and its controls are disabled. A front that is back before that limit (here: a
// forwarded port that held the page's reconnect a few seconds) is reconnected to as before.
test.describe.configure({ mode: 'serial' });

const { home, work } = isolatedHome('connection-lost');
const env = { HOME: home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'offline' };

function terminal(page: Page): Locator {
  return page.getByRole('main').getByRole('group', { name: 'Terminal' });
}

const reconnecting = (page: Page) => page.getByRole('status').filter({ hasText: 'Reconnecting to Swarmdesk…' });
const goneAlert = (page: Page) => page.getByRole('alert').filter({ hasText: /server is gone/ });

test('the front killed under a running command: an alert says the server is gone and how to open it again, and the controls are disabled', async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = freshDataDir('swarmdesk-e2e-gone-');
  const server: RunningServer = await startServer({ dataDir, env });
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(server.url);
    await createSessionIn(page, 'Terminal', work);
    await expect(terminal(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
    await terminal(page).click();
    await page.keyboard.type('sleep 120');
    await page.keyboard.press('Enter');
    const stop = page.getByRole('main').getByRole('button', { name: 'Stop' });
    await expect(stop).toBeEnabled({ timeout: 10_000 });

    await server.stopFront();
    // The reconnects fail at once (nothing listens on that port): the alert comes well before the 15 s bound.
    await expect(goneAlert(page)).toBeVisible({ timeout: 10_000 });
    await expect(goneAlert(page)).toContainText('npm start');
    await expect(goneAlert(page)).toContainText('address it prints');
    await expect(reconnecting(page)).toHaveCount(0);
    await expect(stop).toBeDisabled();
    await expect(page.getByRole('button', { name: 'New session' })).toBeDisabled();
    await expect(page.getByRole('searchbox', { name: 'Search sessions' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Settings' })).toBeDisabled();
    await snap(page, 'connection-gone-1400x900-light');
  } finally {
    await server.stopFront();
    await stopHost(dataDir);
  }
});

/**
 * A TCP forwarder on its own loopback port in front of the server (as an SSH tunnel would be). `hold()`
 * drops every connection and holds the new ones unanswered (the page's reconnect neither opens nor
 * fails) until `release()` forwards them.
 */
class Forwarder {
  private readonly server: Server;
  private readonly live = new Set<Socket>();
  private held: Socket[] | null = null;
  port = 0;

  constructor(private readonly target: number) {
    this.server = createServer((inbound) => {
      inbound.on('error', () => undefined);
      if (this.held) this.held.push(inbound);
      else this.forward(inbound);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  hold(): void {
    this.held = [];
    for (const socket of this.live) socket.destroy();
  }

  heldCount(): number {
    return this.held?.length ?? 0;
  }

  release(): number {
    const held = this.held ?? [];
    this.held = null;
    for (const inbound of held) this.forward(inbound);
    return held.length;
  }

  async close(): Promise<void> {
    for (const socket of [...this.live, ...(this.held ?? [])]) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(inbound: Socket): void {
    const outbound = connect(this.target, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      this.live.add(s);
      s.on('close', () => this.live.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  }
}

test('a front back before the limit: the page reconnects as before, no alert, its controls enabled', async ({ page }) => {
  test.setTimeout(90_000);
  const dataDir = freshDataDir('swarmdesk-e2e-back-');
  const server = await startServer({ dataDir, env });
  const forwarder = new Forwarder(Number(new URL(server.origin).port));
  try {
    await forwarder.listen();
    await page.goto(`http://127.0.0.1:${forwarder.port}/#token=${server.token}`);
    await expect(page.getByRole('button', { name: 'New session' })).toBeEnabled({ timeout: 15_000 });
    await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();

    forwarder.hold();
    await expect(reconnecting(page)).toBeVisible({ timeout: 10_000 });
    // Its reconnect is under way and unanswered, well inside the 15 s bound.
    await expect.poll(() => forwarder.heldCount(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(forwarder.release()).toBeGreaterThan(0);

    await expect(reconnecting(page)).toHaveCount(0, { timeout: 15_000 });
    await expect(goneAlert(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New session' })).toBeEnabled();
    // It really talks to the server again: a session made now shows in the list.
    await createSessionIn(page, 'Chat', work);
  } finally {
    await forwarder.close();
    await server.stopFront();
    await stopHost(dataDir);
  }
});
