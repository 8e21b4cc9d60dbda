import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserContract, noClassicZod, pageHead } from './scripts/vite-plugins.js';

// The portal: a React app served at / by the sandbox server (scripts/build.ts builds it into
// dist/public together with the widgets, the loader and the examples; `npm run dev` serves it with
// hot reload through the sandbox server).
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'portal'),
  base: '/',
  plugins: [pageHead(), browserContract(), noClassicZod(), react()],
  define: { __CHAIRSIDE_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.1.0') },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/public'),
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
  },
  server: { strictPort: true },
});
