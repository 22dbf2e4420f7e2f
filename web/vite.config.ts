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
            // The Mantine parts three or more chunks share (the first page among them); a component fewer pages use loads with them.
            // The rich-text editor (@mantine/tiptap) stays with the task pages, the charts with the dashboards, the date pickers
            // (and dayjs) with the pages that show them: all load lazily.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?!tiptap|charts|dates)/, minShareCount: 3 },
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
