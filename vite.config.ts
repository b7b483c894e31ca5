import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { monacoFiles, precompress } from './scripts/vite-plugins.ts';

const outDir = path.resolve(import.meta.dirname, 'dist/app');

export default defineConfig({
  base: '/app/',
  plugins: [react(), monacoFiles(outDir), precompress(outDir)],
  build: {
    outDir,
    emptyOutDir: true,
    // Route chunks stay small by design; what the browser fetches is measured by `npm run bench:bundle`.
    chunkSizeWarningLimit: 800,
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
