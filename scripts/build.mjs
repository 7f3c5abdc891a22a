#!/usr/bin/env node
// Builds what `npm start` serves: the SPA (Vite) and the API bundle (esbuild). Each part is rebuilt only
// when a file it is made from is newer than its last build, so a second `npm start` starts at once.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SKIP = new Set(['node_modules', 'dist', '.git', 'data', 'test-results', 'coverage']);

function newestInput(paths) {
  let newest = 0;
  let count = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (!SKIP.has(name)) visit(path.join(p, name));
    } else {
      count += 1;
      newest = Math.max(newest, s.mtimeMs);
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return `${Math.round(newest)}:${count}`;
}

const shared = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'packages/contracts'];
const parts = {
  web: {
    inputs: [...shared, 'apps/web'],
    stamp: 'apps/web/dist/.build-stamp',
    build() {
      const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
      const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
        cwd: path.join(root, 'apps', 'web'),
        // Vite's notes join the build's own on stderr: a process's stdout is its log (decision 068).
        stdio: ['ignore', 2, 'inherit'],
        // Always the production build: a test runner's NODE_ENV=test would otherwise make React's
        // development build, which `npm start` would then serve.
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (result.status !== 0) throw new Error('The web app failed to build');
    },
  },
  api: {
    inputs: [...shared, 'apps/api/src', 'apps/api/package.json'],
    stamp: 'apps/api/dist/.build-stamp',
    async build() {
      const esbuild = await import('esbuild');
      try {
        await esbuild.build({
          // main.js serves the API (and works jobs unless RUN_WORKER=false); worker.js only works jobs (`npm run worker`);
          // admin.js is the operator command (`npm run admin`).
          entryPoints: [
            { in: path.join(root, 'apps/api/src/main.ts'), out: 'main' },
            { in: path.join(root, 'apps/api/src/worker.ts'), out: 'worker' },
            { in: path.join(root, 'apps/api/src/admin/cli.ts'), out: 'admin' },
          ],
          outdir: path.join(root, 'apps/api/dist'),
          bundle: true,
          platform: 'node',
          target: 'node20',
          format: 'esm',
          sourcemap: true,
          logLevel: 'warning',
          plugins: [
            {
              // Workspace packages are TypeScript source: bundle them. Everything from npm stays a real import, but for
              // an npm package's JSON data file (a catalogue): bundled, since Node's ESM loader takes JSON only with an
              // import attribute that the shared source, also read by Vite and Vitest, does not carry.
              name: 'external-npm-packages',
              setup(build) {
                build.onResolve({ filter: /^[^./]/ }, (args) =>
                  args.path.startsWith('@rampart/') || args.path.endsWith('.json')
                    ? undefined
                    : { path: args.path, external: true },
                );
              },
            },
          ],
        });
      } finally {
        // esbuild's service is a child process that would otherwise live as long as the API started after the build.
        await esbuild.stop();
      }
    },
  },
};

export async function ensureBuilt({
  force = false,
  quiet = false,
  only = null,
  log = (text) => process.stdout.write(text),
} = {}) {
  for (const [name, part] of Object.entries(parts)) {
    if (only && !only.includes(name)) continue;
    const fingerprint = newestInput(part.inputs);
    const stampFile = path.join(root, part.stamp);
    const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
    if (!force && current === fingerprint) continue;
    if (!quiet) log(`Building ${name}...\n`);
    const started = Date.now();
    await part.build();
    mkdirSync(path.dirname(stampFile), { recursive: true });
    writeFileSync(stampFile, fingerprint);
    if (!quiet) log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureBuilt({ force: process.argv.includes('--force') }).catch((error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
}
