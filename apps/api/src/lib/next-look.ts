/**
 * When a confirmation job looks again: the first whole delay after sending that is still ahead (the sandbox's
 * transaction is final at sentAt + delay; a real chain's node is asked once per delay, never in a loop on a past time).
 */
export function nextLook(sentAt: Date, now: Date, delayMs: number): Date {
  if (delayMs <= 0) return now;
  const elapsed = Math.max(0, now.getTime() - sentAt.getTime());
  return new Date(sentAt.getTime() + (Math.floor(elapsed / delayMs) + 1) * delayMs);
}
