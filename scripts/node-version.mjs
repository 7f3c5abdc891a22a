// The Node.js versions Rampart runs on are `engines.node` of the root package.json (decision 067). Every entry
// (`npm start`, the worker, `npm run admin`, `npm run dev`, the container's command) checks the running Node against
// it first, so an old Node stops with a sentence naming the version needed rather than a syntax error deep in a
// dependency. The range is a list of `^X.Y.Z` and `>=X.Y.Z` parts joined by `||`, the form npm writes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parse(version) {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version.trim());
  if (!match) throw new Error(`Not a version: ${version}`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** Whether `version` (`v22.12.0` or `22.12.0`) is inside `range` (`^20.19.0 || >=22.12.0`). */
export function satisfies(version, range) {
  const v = parse(version);
  return range.split('||').some((part) => {
    const text = part.trim();
    if (text.startsWith('>=')) return compare(v, parse(text.slice(2))) >= 0;
    if (text.startsWith('^')) {
      const min = parse(text.slice(1));
      return v[0] === min[0] && compare(v, min) >= 0;
    }
    throw new Error(`Unsupported part of a Node.js range: ${text}`);
  });
}

/** The supported range, from the root package.json. */
export function requiredNode() {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
}

/** The message for a Node outside the range, or null when it is inside. */
export function nodeVersionProblem(version = process.version, range = requiredNode()) {
  if (satisfies(version, range)) return null;
  const wanted = range
    .split('||')
    .map((part) =>
      part
        .trim()
        .replace(/^\^((\d+)\.\d+)\.\d+$/, '$1 or a later $2.x')
        .replace(/^>=(\d+\.\d+)\.\d+$/, '$1 or newer'),
    )
    .join(', or ');
  return `Rampart needs Node.js ${wanted} (package.json "engines"; .nvmrc names the one it is tested on). This is Node.js ${version}.`;
}

/** Stops the process with that message when the running Node is outside the range. */
export function checkNodeVersion() {
  const problem = nodeVersionProblem();
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
