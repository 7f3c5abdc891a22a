import { createHash } from 'node:crypto';
import type { BankLogo } from '@rampart/contracts';

const SMALL_WORDS = new Set(['of', 'the', 'by', 'and', '&', 'bank', 'national', 'n.a.']);

/** Colours dark enough for white initials (WCAG AA for large text). */
const PALETTE = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#7c3aed',
  '#c2410c',
  '#0f766e',
  '#be185d',
  '#4338ca',
  '#15803d',
  '#9333ea',
  '#0369a1',
  '#a16207',
] as const;

/**
 * R17: a generated monogram — up to two initials of the name's significant words, on a colour picked from the
 * name's hash (stable across runs, so a bank keeps its colour).
 */
export function monogramLogo(name: string): BankLogo {
  const words = name
    .replace(/[^A-Za-z0-9&.' -]/g, ' ')
    .split(/[\s-]+/)
    .filter((word) => word.length > 0);
  const significant = words.filter((word) => !SMALL_WORDS.has(word.toLowerCase()));
  const source = significant.length > 0 ? significant : words;
  const letters = source
    .map((word) => /[A-Za-z0-9]/.exec(word)?.[0] ?? '')
    .filter((letter) => letter !== '')
    .slice(0, 2)
    .join('')
    .toUpperCase();
  const digest = createHash('sha256').update(name, 'utf8').digest();
  const color = PALETTE[digest.readUInt32BE(0) % PALETTE.length] ?? PALETTE[0];
  return { monogram: letters || '?', color };
}
