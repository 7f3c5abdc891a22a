import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { JOURNEY_HOOK_MS } from '../timeouts';
import { appAddress } from './app-process';
// @ts-expect-error: a plain .mjs script without type declarations
import { ensureBuilt, root } from '../../scripts/build.mjs';

/**
 * Journeys run against the real built app, as `npm start` serves it, on a fresh embedded database of
 * their own and a free port.
 */
export default async function setup(project: TestProject) {
  await (ensureBuilt as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rampart-e2e-'));
  const server: ChildProcess = spawn(process.execPath, [path.join(root as string, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATABASE_URL: '',
      TRUST_PROXY: '1',
      // Decisions in seconds rather than minutes, so the KYC journeys see them arrive (docs/sandbox.md).
      CUSTODIAN_REVIEW_DELAY_SECONDS: '1',
      IDV_REVIEW_DELAY_SECONDS: '4',
      // A delivered order's confirmations in 2 s rather than 10 (the trade journey follows one to completed).
      CHAIN_CONFIRMATION_DELAY_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseURL = await appAddress(server, JOURNEY_HOOK_MS);
  project.provide('baseURL', baseURL);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
