import type { StoreApi } from 'zustand/vanilla';
import { ApiError } from '../../api/client';
import type { Translate } from '../a11y/describe';
import type { SeatMapUi } from '../ui-state';

const TOAST_MS = 3000;

/** Toasts (3 s, top centre) and polite screen-reader announcements: how the map's managers speak to the visitor. */
export class Messages {
  private toastTimer: ReturnType<typeof setTimeout> | null = null;
  private toastId = 0;

  constructor(
    private readonly ui: StoreApi<SeatMapUi>,
    private readonly t: () => Translate,
  ) {}

  showToast(text: string, tone: 'error' | 'info'): void {
    const id = ++this.toastId;
    this.ui.setState({ toast: { id, text, tone } });
    if (this.toastTimer) clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      if (this.ui.getState().toast?.id === id) this.ui.setState({ toast: null });
    }, TOAST_MS);
  }

  announce(text: string): void {
    const prev = this.ui.getState().announcement;
    this.ui.setState({ announcement: { id: prev.id + 1, text } });
  }

  /** The server's message in the visitor's language; never raw technical text. */
  errorText(error: unknown): string {
    if (error instanceof ApiError) return error.message || this.t()('seatmap.genericError');
    return this.t()('seatmap.genericError');
  }

  /** A failed call: the toast and the same words for screen readers. */
  failed(error: unknown): string {
    const message = this.errorText(error);
    this.showToast(message, 'error');
    return message;
  }

  destroy(): void {
    if (this.toastTimer) clearTimeout(this.toastTimer);
  }
}
