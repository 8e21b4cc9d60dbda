/** The example app's build: served under /examples/react-app/ by the sandbox, so its paths are relative. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  plugins: [react()],
  build: { target: 'es2022' },
});
