import type { ChildProcess } from 'node:child_process';

/**
 * The address an app process started with PORT=0 prints once it listens (`running at http://...`), on 127.0.0.1.
 * Rejects with its output when it exits first or does not start within `timeoutMs`.
 */
export function appAddress(child: ChildProcess, timeoutMs: number, what = 'the app'): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${what} exited with ${code}:\n${output}`)));
  });
}
