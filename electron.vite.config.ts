import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * The app chunk (`appStart`) is loaded by a dynamic import once the small entry
 * has run, and so is the early rows' chunk (`boot/earlyGate`, with the label
 * rules) once the socket is ready. Name them (and what the early rows' chunk
 * imports) in index.html too, so the browser fetches and compiles them while
 * the entry opens the socket and asks for the first page (first paint).
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'swarmdesk:preload-app-chunk',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {});
        const app = chunks.find((c) => c.type === 'chunk' && (c.facadeModuleId ?? '').endsWith('/appStart.tsx'));
        if (!app || app.type !== 'chunk') return [];
        const css = [...(app.viteMetadata?.importedCss ?? [])];
        const gate = chunks.find((c) => c.type === 'chunk' && (c.facadeModuleId ?? '').endsWith('/boot/earlyGate.ts'));
        const entries = new Set(chunks.filter((c) => c.type === 'chunk' && c.isEntry).map((c) => c.fileName));
        const early = gate && gate.type === 'chunk' ? [gate.fileName, ...gate.imports].filter((file) => !entries.has(file)) : [];
        const scripts = [...new Set([...early, app.fileName])];
        return [
          ...scripts.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const })),
          ...css.map((href) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `./${href}` }, injectTo: 'head' as const })),
        ];
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
    plugins: [react(), preloadAppChunk()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // Minified: the page parses a third of the code (web mode's first paint).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
