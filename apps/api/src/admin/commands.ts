import { parseArgs } from 'node:util';
import { listOperatorActions, operatorNote, type OperatorNote } from './audit';
import type { AdminContext } from './context';
import {
  decideKycReview,
  KYC_REVIEW_DECISIONS,
  renderKycReviewResult,
  type KycReviewDecision,
} from './decide-kyc-review';
import { usageError } from './errors';
import { findUser } from './find-user';
import { section, table, toJson } from './format';
import { renderFreezeResult, setAccountFrozen } from './freeze-account';
import { lookupOrder, renderOrderReport } from './lookup-order';
import { lookupUser, renderUserReport } from './lookup-user';
import { listHotWallets, renderHotWallets } from './hot-wallets';
import { renderAuthenticatorReset, resetAuthenticator } from './reset-authenticator';
import {
  listFailedJobs,
  listRetryingJobs,
  renderFailedJobs,
  renderRetryingJobs,
  renderRetryResult,
  retryFailedJob,
} from './retry-job';

export const USAGE = `Usage: npm run admin -- <command> [arguments] [options]

Look up (read-only):
  user <email|userGuid>                 the account, KYC state, custodial account (frozen or not), balances,
                                        linked methods and recent orders of a user
  order <orderId|trackingId|shortId>    an order's state, amounts, timeline and jobs
  jobs [--queue <name>] [--limit <n>] [--retrying]
                                        failed jobs still in the queue, newest failure first; --retrying: the
                                        jobs waiting for their next attempt (a chain node down), with their error
  hot-wallets                           the EVM hot wallets' token and gas balances per network, read from the
                                        nodes, with a WARNING line for each below its EVM_<NETWORK>_LOW_BALANCE
  audit [--user <email|userGuid>] [--job <jobId>] [--operator <name>] [--limit <n>]
                                        operator actions, newest first

Change (each needs --by <operator> and --reason "<text>", recorded with the change):
  kyc-review <email|userGuid> --decision accept|reject
                                        decide the manual identity review of a user whose review is pending
  freeze <email|userGuid>               freeze the user's custodial account
  unfreeze <email|userGuid>             lift the freeze
  reset-authenticator <email|userGuid>  turn off the authenticator app of a user who lost it, once you have
                                        checked who is asking: every session ends, and the next sign-in asks
                                        for a code sent by email
  retry-job <jobId>                     put a failed job back in its queue for one more attempt

Options:
  --json                                machine-readable output (JSON on stdout; errors as JSON on stderr)
  --help                                this text

The database is the app's own (DATA_DIR, or DATABASE_URL for PostgreSQL). The embedded database serves one
process at a time: stop the app before running this command on it. On PostgreSQL it runs beside the live app.
Exit codes: 0 done, 1 not found or refused (nothing changed), 2 bad command line (nothing changed).`;

const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  by: { type: 'string' },
  reason: { type: 'string' },
  decision: { type: 'string' },
  queue: { type: 'string' },
  limit: { type: 'string' },
  user: { type: 'string' },
  job: { type: 'string' },
  operator: { type: 'string' },
  retrying: { type: 'boolean' },
} as const;

type OptionName = keyof typeof OPTIONS;
type Values = Partial<Record<OptionName, string | boolean>>;

/** What one command needs from the command line, and what it does with the context. */
interface CommandSpec {
  /** Names of its positional arguments (each required). */
  args: readonly string[];
  /** Options beyond --json and --help. */
  options: readonly OptionName[];
  /** Changes something: --by and --reason are required. */
  mutating: boolean;
  run(ctx: AdminContext, input: CommandInput): Promise<{ json: unknown; text: string }>;
}

export interface CommandInput {
  args: string[];
  values: Values;
  note: OperatorNote | null;
}

const str = (values: Values, name: OptionName): string | undefined => {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
};

function limitOf(values: Values): number {
  const raw = str(values, 'limit');
  if (raw === undefined) return 20;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > 1000)
    throw usageError('--limit must be a whole number from 1 to 1000');
  return Number(raw);
}

function noteOf(input: CommandInput): OperatorNote {
  if (!input.note) throw new Error('a mutating command ran without its operator note');
  return input.note;
}

export const COMMANDS: Record<string, CommandSpec> = {
  user: {
    args: ['email|userGuid'],
    options: [],
    mutating: false,
    async run(ctx, { args }) {
      const report = await lookupUser(ctx, args[0]!);
      return { json: report, text: renderUserReport(report) };
    },
  },
  order: {
    args: ['orderId|trackingId|shortId'],
    options: [],
    mutating: false,
    async run(ctx, { args }) {
      const report = await lookupOrder(ctx, args[0]!);
      return { json: report, text: renderOrderReport(report) };
    },
  },
  jobs: {
    args: [],
    options: ['queue', 'limit', 'retrying'],
    mutating: false,
    async run(ctx, { values }) {
      const options = { limit: limitOf(values), name: str(values, 'queue') };
      if (values.retrying === true) {
        const jobs = await listRetryingJobs(ctx, options);
        return { json: { retryingJobs: jobs }, text: renderRetryingJobs(jobs) };
      }
      const jobs = await listFailedJobs(ctx, options);
      return { json: { failedJobs: jobs }, text: renderFailedJobs(jobs) };
    },
  },
  'hot-wallets': {
    args: [],
    options: [],
    mutating: false,
    async run(ctx) {
      const wallets = await listHotWallets(ctx);
      return { json: { hotWallets: wallets ?? [] }, text: renderHotWallets(wallets) };
    },
  },
  audit: {
    args: [],
    options: ['user', 'job', 'operator', 'limit'],
    mutating: false,
    async run(ctx, { values }) {
      const limit = limitOf(values);
      const who = str(values, 'user');
      const job = str(values, 'job');
      if (who !== undefined && job !== undefined) throw usageError('audit takes --user or --job, not both');
      const subject = who !== undefined ? (await findUser(ctx.db, who)).id : job?.trim().toLowerCase();
      const actions = await listOperatorActions(ctx.db, { limit, subject, operator: str(values, 'operator')?.trim() });
      return {
        json: { actions },
        text: section(
          'Operator actions',
          table(
            ['#', 'when', 'operator', 'action', 'subject', 'reason'],
            actions.map((a) => [a.id, a.createdAt, a.operator, a.action, a.subject, a.reason]),
          ),
        ),
      };
    },
  },
  'kyc-review': {
    args: ['email|userGuid'],
    options: ['decision'],
    mutating: true,
    async run(ctx, input) {
      const decision = str(input.values, 'decision');
      if (!KYC_REVIEW_DECISIONS.includes(decision as KycReviewDecision))
        throw usageError('--decision must be accept or reject');
      const result = await decideKycReview(ctx, input.args[0]!, decision as KycReviewDecision, noteOf(input));
      return { json: result, text: renderKycReviewResult(result) };
    },
  },
  freeze: {
    args: ['email|userGuid'],
    options: [],
    mutating: true,
    async run(ctx, input) {
      const result = await setAccountFrozen(ctx, input.args[0]!, true, noteOf(input));
      return { json: result, text: renderFreezeResult(result) };
    },
  },
  'reset-authenticator': {
    args: ['email|userGuid'],
    options: [],
    mutating: true,
    async run(ctx, input) {
      const result = await resetAuthenticator(ctx, input.args[0]!, noteOf(input));
      return { json: result, text: renderAuthenticatorReset(result) };
    },
  },
  unfreeze: {
    args: ['email|userGuid'],
    options: [],
    mutating: true,
    async run(ctx, input) {
      const result = await setAccountFrozen(ctx, input.args[0]!, false, noteOf(input));
      return { json: result, text: renderFreezeResult(result) };
    },
  },
  'retry-job': {
    args: ['jobId'],
    options: [],
    mutating: true,
    async run(ctx, input) {
      const result = await retryFailedJob(ctx, input.args[0]!, noteOf(input));
      return { json: result, text: renderRetryResult(result) };
    },
  },
};

export type ParsedCommand =
  { help: true; json: boolean } | { help: false; json: boolean; name: string; spec: CommandSpec; input: CommandInput };

/**
 * Reads the command line without touching the database: an unknown command or option, a missing argument, and a
 * change without --by or --reason are refused here (AdminError 'usage'), so nothing is opened and nothing changes.
 */
export function parseCommandLine(argv: readonly string[]): ParsedCommand {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true }) as {
      values: Values;
      positionals: string[];
    };
  } catch (error) {
    throw usageError(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  const json = parsed.values.json === true;
  const [name, ...args] = parsed.positionals;
  if (parsed.values.help === true || name === 'help') return { help: true, json };
  if (!name) throw usageError('Name a command.');
  const spec = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!spec) throw usageError(`Unknown command "${name}".`);
  const allowed = new Set<string>(['json', 'help', ...spec.options, ...(spec.mutating ? ['by', 'reason'] : [])]);
  const stray = Object.keys(parsed.values).filter((option) => !allowed.has(option));
  if (stray.length > 0) throw usageError(`${name} does not take ${stray.map((o) => `--${o}`).join(', ')}.`);
  if (args.length < spec.args.length) throw usageError(`${name} needs <${spec.args.slice(args.length).join('> <')}>.`);
  if (args.length > spec.args.length)
    throw usageError(
      `${name} takes ${spec.args.length === 0 ? 'no arguments' : `only <${spec.args.join('> <')}>`}; unexpected: ${args.slice(spec.args.length).join(' ')}`,
    );
  const note = spec.mutating
    ? operatorNote({ by: str(parsed.values, 'by'), reason: str(parsed.values, 'reason') })
    : null;
  return { help: false, json, name, spec, input: { args, values: parsed.values, note } };
}

/** Runs a parsed command; the answer as text for people or as JSON. */
export async function executeCommand(
  ctx: AdminContext,
  command: Extract<ParsedCommand, { help: false }>,
): Promise<string> {
  const result = await command.spec.run(ctx, command.input);
  return command.json ? toJson(result.json) : result.text;
}
