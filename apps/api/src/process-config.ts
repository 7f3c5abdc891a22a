import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';

// src/*.ts and dist/*.js both sit three folders below the repository root.
const rootDir = process.env.RAMPART_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The configuration of a process (`main.ts`, `worker.ts`): the environment checked once at start. A bad variable
 * stops the process with the message naming it, and exit code 1.
 */
export function loadProcessConfig(): { config: Config; version: string; rootDir: string } {
  const { version } = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version: string };
  try {
    return { config: loadConfig(process.env, { version, rootDir }), version, rootDir };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
