/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  // Worker-only dependencies: pre-bundled up front, or the dev server reloads once when it meets them.
  optimizeDeps: { include: ['comlink', 'papaparse', 'temporal-polyfill', 'zod/mini', 'zod/v4/locales/en.js'] },
  build: { target: 'es2022', sourcemap: true },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/unit/setup/temporal.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
