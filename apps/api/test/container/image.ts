import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from '../helpers';

/**
 * The container image's runtime stage as the Dockerfile writes it: its environment, its command and its health check.
 * Docker is not on the test machine, so the tests start the command exactly as the image would (same program, same
 * arguments, same environment, from the repository root where the image's /app layout is mirrored) and send it the
 * signal `docker stop` sends.
 */
export interface RuntimeStage {
  env: Record<string, string>;
  /** CMD in exec form: the program and its arguments. */
  cmd: string[];
  /** The HEALTHCHECK's command (shell form). */
  healthcheck: string;
}

export function readRuntimeStage(dockerfile = path.join(rootDir, 'Dockerfile')): RuntimeStage {
  // Continuation lines joined, comments dropped: one instruction per line.
  const text = readFileSync(dockerfile, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n\s*/g, ' ');
  const stages = text.split(/^FROM /m);
  const runtime = stages[stages.length - 1] ?? '';
  const env: Record<string, string> = {};
  const cmd: string[] = [];
  let healthcheck = '';
  for (const line of runtime.split('\n')) {
    const [instruction = '', ...rest] = line.trim().split(/\s+/);
    const args = line.trim().slice(instruction.length).trim();
    if (instruction === 'ENV') {
      for (const pair of rest) {
        const [name = '', ...value] = pair.split('=');
        env[name] = value.join('=');
      }
    } else if (instruction === 'CMD') {
      // The exec form only: a shell form would make /bin/sh process 1, which does not pass SIGTERM on.
      cmd.splice(0, cmd.length, ...(JSON.parse(args) as string[]));
    } else if (instruction === 'HEALTHCHECK') {
      healthcheck = args.slice(args.indexOf(' CMD ') + ' CMD '.length);
    }
  }
  return { env, cmd, healthcheck };
}

export interface ContainerProcess {
  child: ChildProcess;
  /** Everything written to stdout, and to stderr, so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code and signal once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `cmd` as the image's runtime would: `node` is the running Node (the image's own), the working directory is
 * the root (/app in the image), and the environment is the stage's ENV with `overrides` (a data folder of the test's,
 * a free port), plus PATH and HOME, and nothing else of the test runner's.
 */
export function startLikeContainer(
  stage: RuntimeStage,
  cmd: string[],
  overrides: Record<string, string>,
): ContainerProcess {
  const [program = '', ...args] = cmd;
  const child = spawn(program === 'node' ? process.execPath : program, args, {
    cwd: rootDir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...stage.env, ...overrides },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `ready()` is true, failing early when the process exits, with what it said. */
export async function waitFor(
  proc: ContainerProcess,
  ready: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`the process exited before ${what}:\nstdout:\n${proc.stdout()}\nstderr:\n${proc.stderr()}`);
    }
    if (await ready()) return;
    if (Date.now() > deadline)
      throw new Error(`no ${what} within ${timeoutMs} ms:\nstdout:\n${proc.stdout()}\nstderr:\n${proc.stderr()}`);
    await sleep(250);
  }
}

/** Runs the HEALTHCHECK command as docker would (through /bin/sh) in the container's environment; its exit code. */
export async function runHealthcheck(stage: RuntimeStage, env: Record<string, string>): Promise<number | null> {
  const child = spawn('/bin/sh', ['-c', stage.healthcheck], {
    cwd: rootDir,
    // The image's `node` is the test's Node: put its folder first on PATH.
    env: { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`, ...stage.env, ...env },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** stdout's lines, each parsed as JSON; throws naming the first line that is not. */
export function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`stdout has a line that is not JSON: ${line.slice(0, 200)}`);
      }
    });
}
