import { loadProcessConfig } from '../process-config';
import { runAdmin } from './run-admin';

/**
 * `npm run admin -- <command> ...` (R6, decision 035): the operator command. Built beside the API as dist/admin.js
 * and started by scripts/start.mjs --admin; `node --import tsx apps/api/src/admin/cli.ts` runs the source. Same
 * configuration as the API (a bad variable stops it with the message naming it).
 */
const argv = process.argv.slice(2);
// scripts/start.mjs passes its own flag along in process.argv.
if (argv[0] === '--admin') argv.shift();

const { config, rootDir } = loadProcessConfig();
const code = await runAdmin(
  argv,
  { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
  // Loaded only when a command runs: a bad command line is answered without loading the app's modules.
  async () => (await import('./context')).openAdminContext(config, rootDir),
);
process.exitCode = code;
