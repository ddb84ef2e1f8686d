/** How long a finger stays down for the seat's card rather than a tap. */
export const LONG_PRESS_MS = 480;

/**
 * A touch that ended, told by the input's own times (event.timeStamp of pointerdown and of the tap's pointerup). The
 * long-press timer runs on the main thread: on a busy phone it can fire after the finger has already lifted, while the
 * touchend waits in the queue, and that quick tap must still pick the seat.
 */
export function pressKind(downAt: number, upAt: number): 'tap' | 'long' {
  return upAt - downAt >= LONG_PRESS_MS ? 'long' : 'tap';
}
