import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, requiredNode, satisfies } from '../../../scripts/node-version.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

/** The start-time check of scripts/start.mjs (decision 067): the range is package.json's engines.node. */
describe('the Node.js version check', () => {
  it('reads the supported range from package.json', () => {
    expect(requiredNode()).toBe('^20.19.0 || >=22.12.0');
  });

  it('accepts 20.19 and later 20.x, 22.12 and later, 24 and 26', () => {
    for (const version of ['v20.19.0', 'v20.20.2', 'v22.12.0', 'v22.21.1', 'v24.0.0', 'v26.1.0'])
      expect(satisfies(version, requiredNode()), version).toBe(true);
  });

  it('refuses older ones with a sentence naming the version needed and the one running', () => {
    for (const version of ['v18.20.8', 'v20.18.3', 'v21.7.3', 'v22.11.0']) {
      expect(nodeVersionProblem(version), version).toBe(
        `Rampart needs Node.js 20.19 or a later 20.x, or 22.12 or newer (package.json "engines"; .nvmrc names the one it is tested on). This is Node.js ${version}.`,
      );
    }
    expect(nodeVersionProblem('v22.12.0')).toBeNull();
  });

  it('has .nvmrc and the container image name a Node inside the range', () => {
    const nvmrc = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
    expect(satisfies(`${nvmrc}.99.99`, requiredNode()) || satisfies(nvmrc, requiredNode())).toBe(true);
    const images = [...readFileSync(path.join(root, 'Dockerfile'), 'utf8').matchAll(/^FROM node:(\d+)-/gm)].map(
      (m) => m[1],
    );
    expect(images.length).toBeGreaterThan(0);
    // The image's tag is a major version: its latest release, which is inside the range when the major is.
    for (const major of images) expect(satisfies(`${major}.99.0`, requiredNode()), `node:${major}`).toBe(true);
    expect(new Set(images)).toEqual(new Set([nvmrc]));
  });

  it('is the running Node (the one the tests use)', () => {
    expect(nodeVersionProblem(process.version)).toBeNull();
  });
});
