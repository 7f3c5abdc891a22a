import type { Queryable } from '../../db';
import type { Clock } from '../../lib/clock';
import type { AttemptKind, AttemptScope, AttemptStore, ClaimedEvent } from './attempt-store';
import type { CodePurpose } from './codes';
import { identityError } from './errors';

/**
 * Abuse limits (docs/design-brief.md, section 6): failed passwords and codes are counted per account and
 * per client address; with 5 in the last 15 minutes, further attempts are refused until the oldest of them
 * leaves the window. Codes sent are limited the same way per account, so nobody can flood a mailbox.
 * Counted in a shared store (PostgreSQL, or Redis when REDIS_URL is set: attempt-store.ts, decision 037) so every
 * instance sees the same numbers.
 */
export const MAX_FAILURES = 5;
/**
 * Codes sent to one account in the window, per purpose (docs/decisions/056-step-up-codes-and-send-limits.md): one
 * purpose's codes never use up another's, and each is sized above what normal use asks for (a sign-up, some sign-ins,
 * several trades in a row), while a flood of any one kind still stops.
 */
export const MAX_SENDS: Readonly<Record<CodePurpose, number>> = {
  sign_up: 5,
  sign_in: 10,
  mfa: 10,
  forgot_password: 5,
  reauth: 5,
  verify_phone: 5,
  trade: 20,
  withdrawal: 10,
};
export const WINDOW_MS = 15 * 60 * 1000;

export interface AttemptSubjects {
  /** The lower-cased email: also counts guesses at addresses that have no account. */
  account?: string;
  ip?: string;
}

/** An attempt counted before it is judged: a failure is already counted, anything else is released. */
export interface CountedAttempt {
  /** It was not a failure (the right password or code): it stops counting, against `only` that subject when given. */
  release(only?: AttemptScope): Promise<void>;
}

export interface AttemptGuard {
  /**
   * Counts an attempt against each subject, atomically with the check of its limit, before the password or code is
   * judged; refuses (429) when a subject has no place left. Concurrent guesses therefore get at most the places left
   * judged, on every instance (decision 050).
   */
  begin(subjects: AttemptSubjects): Promise<CountedAttempt>;
  /** Only checks (for a step that judges nothing itself, such as sending a sign-in code). */
  assertCanTry(subjects: AttemptSubjects): Promise<void>;
  /** Counts a code of `purpose` sent to the account, atomically with that purpose's limit (429 when none is left), in the sending transaction. */
  countSend(tx: Queryable, account: string, purpose: CodePurpose): Promise<void>;
  clearFailures(account: string): Promise<void>;
}

export function createAttemptGuard(store: AttemptStore, clock: Clock): AttemptGuard {
  /** When the subject may try again, or null when it may now. */
  async function blockedUntil(
    scope: AttemptScope,
    subject: string,
    kind: AttemptKind,
    limit: number,
    q?: Queryable,
  ): Promise<Date | null> {
    const now = clock.now();
    const at = await store.nthNewestSince(scope, subject, kind, new Date(now.getTime() - WINDOW_MS), limit, q);
    return at ? new Date(at.getTime() + WINDOW_MS) : null;
  }

  function refuse(until: Date, kind: AttemptKind): never {
    const seconds = Math.max(1, Math.ceil((until.getTime() - clock.now().getTime()) / 1000));
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw identityError(
      kind === 'failure' ? 'LimitExceededException' : 'TooManyRequestsException',
      kind === 'failure' ? 'tooManyFailures' : 'tooManyCodes',
      {
        params: { minutes },
        headers: { 'retry-after': String(seconds) },
      },
    );
  }

  return {
    async begin({ account, ip }) {
      const now = clock.now();
      const since = new Date(now.getTime() - WINDOW_MS);
      const counted: ClaimedEvent[] = [];
      const release = async (only?: AttemptScope) => {
        const released = counted.filter((c) => !only || c.scope === only);
        for (const entry of released) counted.splice(counted.indexOf(entry), 1);
        // Every subject's claim in one call (one statement on the database).
        await store.release(released);
      };
      for (const [scope, subject] of [
        ['account', account],
        ['ip', ip],
      ] as const) {
        if (!subject) continue;
        const claim = await store.claim(scope, subject, 'failure', now, since, MAX_FAILURES);
        if ('blockedSince' in claim) {
          // Refused before anything was judged: what was counted for the other subject is taken back.
          await release();
          refuse(new Date(claim.blockedSince.getTime() + WINDOW_MS), 'failure');
        }
        counted.push({ scope, subject, kind: 'failure', id: claim.id });
      }
      return { release };
    },
    async assertCanTry({ account, ip }) {
      for (const [scope, subject] of [
        ['account', account],
        ['ip', ip],
      ] as const) {
        if (!subject) continue;
        const until = await blockedUntil(scope, subject, 'failure', MAX_FAILURES);
        if (until) refuse(until, 'failure');
      }
    },
    async countSend(tx, account, purpose) {
      // In the caller's transaction: PGlite is one connection and would wait on itself. Each purpose has a count of its own.
      const now = clock.now();
      const claim = await store.claim(
        'account',
        `${purpose}:${account}`,
        'send',
        now,
        new Date(now.getTime() - WINDOW_MS),
        MAX_SENDS[purpose],
        tx,
      );
      if ('blockedSince' in claim) refuse(new Date(claim.blockedSince.getTime() + WINDOW_MS), 'send');
    },
    async clearFailures(account) {
      await store.clear('account', account, 'failure');
    },
  };
}
