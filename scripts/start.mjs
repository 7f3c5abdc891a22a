#!/usr/bin/env node
// `npm start`: build what is stale, then run the API (which serves the SPA) in this same process.
// `npm run worker` (--worker): the same, but the process only works the job queue (apps/api/src/worker.ts).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './build.mjs';

try {
  await ensureBuilt();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const entry = process.argv.includes('--worker') ? 'worker.js' : 'main.js';
await import(pathToFileURL(path.join(root, 'apps/api/dist', entry)).href);
