import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { startRuntime } from './server';

// apps/api/src/main.ts and apps/api/dist/main.js both sit three folders below the repository root.
const rootDir = process.env.RAMPART_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(): Promise<void> {
  const { version } = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version: string };
  let config;
  try {
    config = loadConfig(process.env, { version, rootDir });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const runtime = await startRuntime(config, { rootDir });
  if (process.argv.includes('--migrate-only')) {
    await runtime.close();
    process.stdout.write('Migrations applied.\n');
    return;
  }
  await runtime.app.listen({ port: config.port, host: config.host });
  const address = runtime.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  process.stdout.write(`Rampart ${version} is running at http://${shownHost}:${port} (database: ${config.database.kind})\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    runtime.app.log.info({ signal }, 'shutting down');
    runtime
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        runtime.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Rampart failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
