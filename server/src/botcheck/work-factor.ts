/**
 * How much harder the bot check gets when a presentation is busy: the proof of work is
 * multiplied by 1 + (verified seat calls on that presentation in the last minute) / step,
 * rounded down, capped at `max`. `step` 0 turns the rise off (factor 1 whatever the load).
 * Linear, not exponential: a popular on-sale gets a few times the work, never a wall.
 */
export function workFactorFor(load: number, step: number, max: number): number {
  if (step <= 0 || !Number.isFinite(load) || load <= 0) return 1;
  return Math.max(1, Math.min(max, 1 + Math.floor(load / step)));
}
