/**
 * The waiting screen's countdown (document 1, section 4): the counter drops every second; every 5 seconds the
 * progress ring drops by a random amount up to 2, never below 0; it starts at 100 minus the given progress; at
 * zero the progress becomes 0. The KYC status is checked every 30 seconds of the countdown.
 */
export const WAITING_SECONDS = 5 * 60;
export const WAITING_RING_STEP_SECONDS = 5;
export const WAITING_RING_MAX_DROP = 2;
export const WAITING_CHECK_SECONDS = 30;

export interface WaitingState {
  secondsLeft: number;
  elapsed: number;
  /** The ring's fill, 0 to 100. */
  ring: number;
}

export function startWaiting(progress = 0, seconds = WAITING_SECONDS): WaitingState {
  return { secondsLeft: Math.max(0, seconds), elapsed: 0, ring: Math.min(100, Math.max(0, 100 - progress)) };
}

/** One second of the countdown. `random` returns a number in [0, 1), as Math.random does. */
export function tickWaiting(state: WaitingState, random: () => number = Math.random): WaitingState {
  if (state.secondsLeft === 0) return state;
  const secondsLeft = state.secondsLeft - 1;
  const elapsed = state.elapsed + 1;
  if (secondsLeft === 0) return { secondsLeft, elapsed, ring: 0 };
  const ring =
    elapsed % WAITING_RING_STEP_SECONDS === 0 ? Math.max(0, state.ring - random() * WAITING_RING_MAX_DROP) : state.ring;
  return { secondsLeft, elapsed, ring };
}

/** Whether this second of the countdown is one of its status checks. */
export function isCheckSecond(state: WaitingState): boolean {
  return state.elapsed > 0 && state.secondsLeft > 0 && state.elapsed % WAITING_CHECK_SECONDS === 0;
}

/** 4:05 */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
