/**
 * What an operator command refuses, with the exit code the shell sees (decision 035): 2 for a command line that is
 * wrong (the usage is printed with it), 1 for a user, order or job that does not exist or a change that is not
 * allowed in the state it is in. Nothing is changed when one is thrown.
 */
export const ADMIN_ERROR_KINDS = { usage: 2, not_found: 1, refused: 1 } as const;
export type AdminErrorKind = keyof typeof ADMIN_ERROR_KINDS;

export class AdminError extends Error {
  constructor(
    readonly kind: AdminErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'AdminError';
  }

  get exitCode(): number {
    return ADMIN_ERROR_KINDS[this.kind];
  }
}

export const usageError = (message: string) => new AdminError('usage', message);
export const notFound = (message: string) => new AdminError('not_found', message);
export const refused = (message: string) => new AdminError('refused', message);
