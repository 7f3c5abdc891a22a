// Debian packages a script needs outside npm (Chromium for the browser journeys, wrk for a benchmark): installed
// with apt-get when missing and running as root, otherwise a clear message naming the command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * True when `path` exists, installing Debian's `pkg` first if it does not and this process is root. `purpose` ends the
 * message printed when it cannot be installed ("The browser journeys need …").
 */
export function ensureDebianPackage({ path, pkg, purpose }) {
  if (existsSync(path)) return true;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    process.stdout.write(`\n${path} is missing: installing Debian's package '${pkg}'...\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
    if (install && install.status === 0 && existsSync(path)) return true;
  }
  process.stderr.write(
    `\n${purpose} ${path}. Install Debian's package as root: apt-get update && apt-get install -y ${pkg}\n`,
  );
  return false;
}
