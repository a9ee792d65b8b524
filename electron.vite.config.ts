import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // Web mode's server (`npm run serve` runs it with plain node: no TypeScript at run time).
          serve: resolve(__dirname, 'src/main/serve.ts'),
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
    plugins: [react()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // Minified: the page parses a third of the code (web mode's first paint).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
