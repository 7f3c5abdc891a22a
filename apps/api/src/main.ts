import { ChangedMigrationError } from './db/migrate';
import { loadProcessConfig } from './process-config';
import { startRuntime } from './server';

async function main(): Promise<void> {
  const { config, version, rootDir } = loadProcessConfig();
  const runtime = await startRuntime(config, { rootDir });
  // In production stdout is the log, one JSON line per event (decision 068): what the process says goes through the
  // logger there. Elsewhere it is a sentence for the person who ran `npm start`.
  const say = (message: string, fields: Record<string, unknown> = {}) => {
    if (config.env === 'production') runtime.app.log.info(fields, message);
    else process.stdout.write(`${message}\n`);
  };
  if (process.argv.includes('--migrate-only')) {
    await runtime.close();
    say('Migrations applied.');
    return;
  }
  await runtime.app.listen({ port: config.port, host: config.host });
  const address = runtime.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${port}`;
  say(`Rampart ${version} is running at ${url} (database: ${config.database.kind})`, {
    version,
    url,
    database: config.database.kind,
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Stops taking connections, lets the requests in hand finish, stops the job queue, then closes the database.
    runtime.app.log.info({ signal }, 'shutting down');
    runtime
      .close()
      .then(() => {
        runtime.app.log.info({ signal }, 'stopped: requests drained, job queue stopped, database closed');
        process.exit(0);
      })
      .catch((error: unknown) => {
        runtime.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A changed migration is the operator's to fix, not a crash: its message alone (decision 068).
  const text =
    error instanceof ChangedMigrationError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`Rampart failed to start: ${text}\n`);
  process.exit(1);
});
