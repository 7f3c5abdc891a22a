#!/usr/bin/env node
// `npm start`: build what is stale, then run the API (which serves the SPA) in this same process.
// `npm run worker` (--worker): the same, but the process only works the job queue (apps/api/src/worker.ts).
// `npm run admin -- ...` (--admin): the operator command (apps/api/src/admin/cli.ts); it needs only the API bundle,
// and keeps stdout for its answer.
// The container image runs `node scripts/start.mjs` itself, not through npm: node is then process 1 and receives
// docker's SIGTERM (decision 068). Build notes always go to stderr: stdout carries the log (JSON lines in production).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkNodeVersion } from './node-version.mjs';
import { ensureBuilt, root } from './build.mjs';

checkNodeVersion();
const admin = process.argv.includes('--admin');
try {
  const log = (text) => process.stderr.write(text);
  // A bundle built before the admin entry existed has an up-to-date stamp but no admin.js: build it then.
  const adminBuild = { only: ['api'], force: !existsSync(path.join(root, 'apps/api/dist/admin.js')), log };
  // A container image (Dockerfile) holds the bundles without their sources: nothing to build, run what is there.
  if (existsSync(path.join(root, 'apps/api/src'))) await ensureBuilt(admin ? adminBuild : { log });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const entry = admin ? 'admin.js' : process.argv.includes('--worker') ? 'worker.js' : 'main.js';
await import(pathToFileURL(path.join(root, 'apps/api/dist', entry)).href);
