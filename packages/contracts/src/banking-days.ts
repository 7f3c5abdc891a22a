import * as federalHolidays from '@18f/us-federal-holidays';
import {
  TRANSFER_METHODS,
  isTransferMethodKey,
  transferMethodByKind,
  type TransferMethodKey,
  type TransferMethodKind,
} from './transfer-methods';

/*
 * Apart from the methods and their fees (transfer-methods.ts): the holiday list and the date library it brings are
 * loaded only by what dates a settlement, not by every page that reads a method's fee.
 */

// ---------------------------------------------------------------------------------------------------------------
// US banking days: Monday to Friday except the Federal Reserve's holidays. The Fed observes a holiday that falls on
// a Sunday on the Monday after, and does not observe one that falls on a Saturday (no Friday off), so the federal
// holiday list (@18f/us-federal-holidays, OPM's rules) is read with Saturday shifting off. Days are those of New
// York (the Fed's business day); a time keeps its time of day when moved by whole days.
// ---------------------------------------------------------------------------------------------------------------

export const BANKING_TIME_ZONE = 'America/New_York';
const DAY_MS = 24 * 3600 * 1000;

const holidaysByYear = new Map<number, Set<string>>();

function holidaysOf(year: number): Set<string> {
  let set = holidaysByYear.get(year);
  if (!set) {
    set = new Set(
      federalHolidays
        .allForYear(year, { shiftSaturdayHolidays: false, shiftSundayHolidays: true })
        .map((h) => h.dateString),
    );
    holidaysByYear.set(year, set);
  }
  return set;
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** The New York calendar day of an instant: '2026-11-26'. */
export function bankingDayOf(instant: Date): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BANKING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(dayFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts['year']}-${parts['month']}-${parts['day']}`;
}

function parseDay(day: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new TypeError(`Not a calendar day: ${day}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

function shiftDay(day: string, by: number): string {
  const { y, m, d } = parseDay(day);
  return new Date(Date.UTC(y, m - 1, d + by)).toISOString().slice(0, 10);
}

/** Whether a calendar day ('2026-11-26') is a US banking day: a weekday that is not a Federal Reserve holiday. */
export function isBankingDay(day: string): boolean {
  const { y, m, d } = parseDay(day);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(y).has(day);
}

/** The `n`-th banking day strictly after `day` (n >= 1). */
export function addBankingDays(day: string, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new TypeError('n must be a positive integer');
  let current = day;
  let left = n;
  while (left > 0) {
    current = shiftDay(current, 1);
    if (isBankingDay(current)) left -= 1;
  }
  return current;
}

/**
 * When a transfer started at `from` by this method settles: at once, `hours` later, or on the n-th US banking day
 * after the New York day of `from`, at the same time of day (whole days added, so a daylight-saving change moves
 * it by an hour at most). What the SPA shows as "expected by" and what the API schedules the settlement for.
 */
export function expectedSettlement(method: TransferMethodKey | TransferMethodKind, from: Date): Date {
  const settlement = (isTransferMethodKey(method) ? TRANSFER_METHODS[method] : transferMethodByKind(method)).settlement;
  if (settlement.kind === 'instant') return new Date(from.getTime());
  if (settlement.kind === 'hours') return new Date(from.getTime() + settlement.hours * 3600 * 1000);
  const start = bankingDayOf(from);
  const target = addBankingDays(start, settlement.days);
  const days = Math.round((Date.parse(`${target}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
  return new Date(from.getTime() + days * DAY_MS);
}
