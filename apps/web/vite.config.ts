import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { buildStamp } from './build/build-stamp.ts';
import { chunkContents } from './build/chunk-contents.ts';
import { mantineCssPerComponent } from './build/mantine-css.ts';

export default defineConfig({
  plugins: [
    react(),
    mantineCssPerComponent(),
    chunkContents(),
    // Every text file also as .br and .gz, once, at the best ratio: the server sends the one the client accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.vite\//], logLevel: 'silent' }),
    buildStamp(),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks and stylesheets each route needs (the budget check reads it).
    manifest: true,
  },
});
