import { DataDirInUseError } from '../db';
import { executeCommand, parseCommandLine, USAGE } from './commands';
import type { AdminContext } from './context';
import { AdminError } from './errors';
import { toJson } from './format';

export interface AdminIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * The whole command: read the command line (refusing a bad one before the database is opened), open the context,
 * run, print, close. Returns the exit code (0 done, 1 not found or refused, 2 bad command line).
 */
export async function runAdmin(
  argv: readonly string[],
  io: AdminIo,
  open: () => Promise<AdminContext & { close(): Promise<void> }>,
): Promise<number> {
  const wantsJson = argv.includes('--json');
  const fail = (code: string, message: string, exitCode: number, withUsage = false) => {
    if (wantsJson) io.stderr(`${toJson({ error: { code, message } })}\n`);
    else io.stderr(`${message}\n${withUsage ? `\n${USAGE}\n` : ''}`);
    return exitCode;
  };

  let command;
  try {
    command = parseCommandLine(argv);
  } catch (error) {
    if (error instanceof AdminError) return fail(error.kind, error.message, error.exitCode, true);
    throw error;
  }
  if (command.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }

  let ctx: (AdminContext & { close(): Promise<void> }) | undefined;
  try {
    ctx = await open();
  } catch (error) {
    if (error instanceof DataDirInUseError) return fail('database_in_use', error.message, 1);
    return fail(
      'database_unavailable',
      `Could not open the database: ${error instanceof Error ? error.message : String(error)}`,
      1,
    );
  }
  try {
    io.stdout(`${await executeCommand(ctx, command)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof AdminError) return fail(error.kind, error.message, error.exitCode);
    return fail(
      'failed',
      `The command failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`,
      1,
    );
  } finally {
    await ctx.close().catch(() => undefined);
  }
}
