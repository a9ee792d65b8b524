import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * The early rows' chunk (`boot/earlyGate`, with the label rules) is loaded by a
 * dynamic import once the socket is ready. Name it (and what it imports) in
 * index.html too, so the browser fetches it while the entry opens the socket
 * and asks for the first page (first paint). The app chunk (`appStart`, 0.5 MB)
 * is not named: it is imported once the first rows are painted. Preloaded, the
 * browser fetched and compiled it (a module preload parses what it fetches)
 * while the entry and the early rows ran, on the same busy cores.
 */
function preloadEarlyChunks(): Plugin {
  return {
    name: 'swarmdesk:preload-early-chunks',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {});
        const gate = chunks.find((c) => c.type === 'chunk' && (c.facadeModuleId ?? '').endsWith('/boot/earlyGate.ts'));
        const entries = new Set(chunks.filter((c) => c.type === 'chunk' && c.isEntry).map((c) => c.fileName));
        const early = gate && gate.type === 'chunk' ? [gate.fileName, ...gate.imports].filter((file) => !entries.has(file)) : [];
        return [...new Set(early)].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * The entry's style sheet goes inside index.html (CSP: `style-src 'self' 'unsafe-inline'`; scripts stay
 * files): one request less before the page can be drawn, and the entry no longer waits for it.
 */
function inlineEntryStyles(): Plugin {
  return {
    name: 'swarmdesk:inline-entry-styles',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        let out = html;
        for (const file of Object.values(ctx.bundle ?? {})) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="\\./${file.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
          if (!link.test(out)) continue;
          const css = typeof file.source === 'string' ? file.source : Buffer.from(file.source).toString('utf8');
          out = out.replace(link, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
        }
        return out;
      },
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // Web mode's server (`npm run serve` runs it with plain node: no TypeScript at run time).
          serve: resolve(__dirname, 'src/main/serve.ts'),
          // The session host (SPEC §5.1), started detached by a front under plain node.
          host: resolve(__dirname, 'src/main/host.ts'),
          // The remote end of an SSH link (issue 17): run on a remote box by `ssh`, relays to that box's host.
          'host-bridge': resolve(__dirname, 'src/main/hostBridge.ts'),
          // The history import's worker thread (agents/import/workerHost.ts loads it by this name).
          'import-worker': resolve(__dirname, 'src/main/core/agents/import/worker.ts'),
          // The store's background quick_check (store/backgroundCheck.ts loads it by this name).
          'store-check-worker': resolve(__dirname, 'src/main/core/store/checkWorker.ts'),
          // The agent CLIs' hook reporter (agents/sessionReports/agentShims.ts runs it by this name); node built-ins only.
          'hook-reporter': resolve(__dirname, 'src/main/core/agents/sessionReports/reporter.ts'),
          // The set_session_title MCP server (agents/sessionReports/scriptCommand.ts runs it by this name); node built-ins only.
          'mcp-server': resolve(__dirname, 'src/main/core/agents/sessionReports/mcpServer.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only 'electron': bundle zod and the contract into it.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // A sandboxed preload cannot be ESM.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react(), preloadEarlyChunks(), inlineEntryStyles()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // Minified: the page parses a third of the code (web mode's first paint).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
