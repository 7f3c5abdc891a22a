#!/usr/bin/env node
// `npm start`: build what is stale, then run the API (which serves the SPA) in this same process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './build.mjs';

try {
  await ensureBuilt();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'apps/api/dist/main.js')).href);
