import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Brotli and gzip copies of every emitted text file over 1 KB, which the API's static server sends to browsers that
 * accept them (apps/api/src/plugins/spa.ts, preCompressed): compressed once at build time, at the highest levels
 * (decision 040).
 */
function precompress(): Plugin {
  return {
    name: 'rampart-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const full = path.join(dir, file);
        const data = readFileSync(full);
        if (data.length < 1024) continue;
        writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

// R19: the version label shows Rampart's own version, which lives in the root package.json.
const rootPackage = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
) as { version: string };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  preview: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets a size report find the chunks of each route (the /auth entry must stay small).
    manifest: true,
    // The API serves the SPA under a CSP without 'unsafe-inline': never inline assets as data: URLs
    // that a stricter policy would refuse, and keep CSS in files.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically lands in the entry's own file (decision 042): not ~20 small chunks,
            // each a round trip before the first paint. Lazy pages import what they share with it from there.
            { name: 'app', tags: ['$initial'] },
            // The trade pages' own modules in one chunk (not their shared dependencies, which /auth's page uses too).
            { name: 'trade', test: /[\\/]src[\\/]features[\\/]trade[\\/]/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
