#!/usr/bin/env node
// `npm run dev`: the contributor's loop (decision 071). The API runs from its TypeScript source under `tsx watch`,
// which restarts it when a file it imports changes; Vite serves the SPA with hot reload and proxies /api to the API.
// Open the web address it prints (WEB_PORT, default 5173). PORT is the API's port (default 3000), as for `npm start`;
// every other setting of the README's table applies to the API here too. Ctrl-C stops both.
import path from 'node:path';
import { concurrently } from 'concurrently';
import { checkNodeVersion } from './node-version.mjs';
import { root } from './build.mjs';

checkNodeVersion();

const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const webUrl = `http://localhost:${webPort}`;
// The project's own tsx and vite, also when this file is run with node rather than through npm.
const PATH = [path.join(root, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter);

const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'tsx watch --clear-screen=false apps/api/src/main.ts',
      // Links in mails and short links point at the page the contributor has open, not at the API's own port.
      env: {
        PATH,
        PORT: apiPort,
        PUBLIC_URL: process.env.PUBLIC_URL ?? webUrl,
        NODE_ENV: process.env.NODE_ENV ?? 'development',
      },
      prefixColor: 'blue',
    },
    {
      name: 'web',
      command: `vite --port ${Number(webPort)} --strictPort`,
      cwd: path.join(root, 'apps/web'),
      // vite.config.ts reads PORT for its /api proxy.
      env: { PATH, PORT: apiPort },
      prefixColor: 'magenta',
    },
  ],
  { killOthersOn: ['failure', 'success'], prefix: 'name', cwd: root, handleInput: false },
);

process.stdout.write(`Rampart dev: open ${webUrl} (the API listens on port ${apiPort}; Ctrl-C stops both)\n`);

result.then(
  () => process.exit(0),
  (closed) => {
    // Stopped by Ctrl-C or a signal: both halves ended on request, which is a clean stop.
    const bySignal =
      Array.isArray(closed) &&
      closed.every((event) => event.killed || event.exitCode === 'SIGINT' || event.exitCode === 'SIGTERM');
    process.exit(bySignal ? 0 : 1);
  },
);
