/** Types of node-version.mjs, for the TypeScript that imports it (its test). */
export function satisfies(version: string, range: string): boolean;
export function requiredNode(): string;
export function nodeVersionProblem(version?: string, range?: string): string | null;
export function checkNodeVersion(): void;
