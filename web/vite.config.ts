import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // Read @app/contract from its TypeScript source: no separate build step for the web.
  resolve: { conditions: ['source'] },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Zod and csp.ts (which switches Zod to jitless) in a chunk of their own: every chunk holding schemas
        // imports it, so it runs first. Left to the bundler, a shared chunk of the contract's schemas can be
        // evaluated before the entry's own code, csp.ts included, and Zod's eval probe breaks the CSP.
        manualChunks: (id) =>
          /[\\/]node_modules[\\/]zod[\\/]|[\\/]web[\\/]src[\\/]csp\.ts$/.test(id) ? 'zod' : undefined,
      },
    },
  },
});
