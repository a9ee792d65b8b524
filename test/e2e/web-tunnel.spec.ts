import { createServer, connect, type Server, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';

// The README's SSH set-up (issue 8 §3): the browser reaches web mode through a
// forwarded port that is not the server's own (`ssh -L 5000:127.0.0.1:4100`).
// A plain TCP forwarder on another loopback port stands in for the tunnel: the
// browser sends `Host: localhost:<forwarded port>`, which must be accepted, and
// the page's CSP must let its WebSocket reach that same port.
let server: RunningServer;
let tunnel: Server;
let tunnelPort = 0;
const sockets = new Set<Socket>();

test.beforeAll(async () => {
  server = await startServer({ env: { SWARMDESK_IMPORT: 'off' } });
  const serverPort = Number(new URL(server.origin).port);
  tunnel = createServer((inbound) => {
    const outbound = connect(serverPort, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => tunnel.listen(0, '127.0.0.1', resolve));
  const address = tunnel.address();
  tunnelPort = typeof address === 'object' && address ? address.port : 0;
  expect(tunnelPort).not.toBe(serverPort);
});

test.afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => (tunnel ? tunnel.close(() => resolve()) : resolve()));
  await server?.stop();
});

test('the app works through a forwarded port other than the server own (localhost:<other port>)', async ({ page }) => {
  const cspErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to connect/i.test(msg.text())) cspErrors.push(msg.text());
  });
  // The socket authenticates ('ready') and answers a request (an ok envelope) through the tunnel.
  const talked = page.waitForEvent('websocket', { timeout: 15_000 }).then(
    (ws) =>
      new Promise<{ url: string; ready: boolean }>((resolve) => {
        let ready = false;
        ws.on('framereceived', (frame) => {
          if (typeof frame.payload !== 'string') return;
          if (frame.payload.includes('"type":"ready"')) ready = true;
          else if (frame.payload.includes('"ok":true')) resolve({ url: ws.url(), ready });
        });
      }),
  );
  await page.goto(`http://localhost:${tunnelPort}/#token=${server.token}`);
  expect(await talked).toEqual({ url: `ws://localhost:${tunnelPort}/ws`, ready: true });
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  expect(cspErrors).toEqual([]);
});
