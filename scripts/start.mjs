#!/usr/bin/env node
// `npm start`: build what is stale, then run the API (which serves the SPA) in this same process.
// `npm run worker` (--worker): the same, but the process only works the job queue (apps/api/src/worker.ts).
// `npm run admin -- ...` (--admin): the operator command (apps/api/src/admin/cli.ts); it needs only the API bundle,
// and keeps stdout for its answer (build notes go to stderr).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './build.mjs';

const admin = process.argv.includes('--admin');
try {
  // A bundle built before the admin entry existed has an up-to-date stamp but no admin.js: build it then.
  const adminBuild = { only: ['api'], force: !existsSync(path.join(root, 'apps/api/dist/admin.js')), log: (text) => process.stderr.write(text) };
  // A container image (Dockerfile) holds the bundles without their sources: nothing to build, run what is there.
  if (existsSync(path.join(root, 'apps/api/src'))) await ensureBuilt(admin ? adminBuild : {});
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const entry = admin ? 'admin.js' : process.argv.includes('--worker') ? 'worker.js' : 'main.js';
await import(pathToFileURL(path.join(root, 'apps/api/dist', entry)).href);
