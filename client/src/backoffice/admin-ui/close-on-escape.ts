import type { KeyboardEvent } from 'react';

/** Escape closes an inline form or confirmation, as its Close / Keep button does. */
export const closeOnEscape = (onClose: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Escape') return;
  event.preventDefault();
  onClose();
};
