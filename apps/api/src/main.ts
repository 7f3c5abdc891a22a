import { loadProcessConfig } from './process-config';
import { startRuntime } from './server';

async function main(): Promise<void> {
  const { config, version, rootDir } = loadProcessConfig();
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
