import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // The rich-text editor (@mantine/tiptap) stays with the task pages, the charts with the dashboards: both load lazily.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?!tiptap|charts)/ },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The API sees the address the browser used, so its same-origin check (api/http/csrf.ts) holds.
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
});
