import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PAYMENT_FORM_MESSAGE_AUTHORISED,
  PAYMENT_FORM_MESSAGE_CANCELLED,
  type PaymentFormMessage,
} from '@hotline/shared';

export interface PaymentDialogProps {
  /** The hosted card page (GET /api/payment/form/:locale); null keeps the dialog closed. */
  url: string | null;
  amountText: string;
  /** The browser's online flag: offline, the hosted page is taken down (never the browser's offline page). */
  online: boolean;
  onAuthorised: (message: Extract<PaymentFormMessage, { type: typeof PAYMENT_FORM_MESSAGE_AUTHORISED }>) => void;
  onClose: () => void;
  /** Another method's words (the wallet's); the card's by default. */
  title?: string;
  frameTitle?: string;
}

/** Only our own card page, in our own iframe, may talk to us. */
function isPaymentMessage(data: unknown): data is PaymentFormMessage {
  if (!data || typeof data !== 'object') return false;
  const m = data as { type?: unknown; paymentIdentifier?: unknown };
  if (m.type === PAYMENT_FORM_MESSAGE_CANCELLED) return true;
  return (
    m.type === PAYMENT_FORM_MESSAGE_AUTHORISED &&
    typeof m.paymentIdentifier === 'string' &&
    m.paymentIdentifier.length > 0
  );
}

/**
 * Focus on the hosted page's first field when we may reach it (our own sandbox page is same-origin); a provider's
 * page on another origin gets the focus on its frame, and its own autofocus takes it from there.
 */
function focusFirstField(frame: HTMLIFrameElement | null) {
  if (!frame) return;
  let field: HTMLElement | null;
  try {
    field = frame.contentDocument?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea') ?? null;
  } catch {
    field = null; // another origin's page
  }
  if (field) field.focus();
  else frame.focus();
}

/**
 * The card-payment dialog: a modal <dialog> (focus is kept inside; Escape
 * closes it) framing the hosted card page. The page posts the card
 * authorisation to this window (same origin only); nothing about the card
 * itself ever reaches the storefront.
 */
export function PaymentDialog({
  url,
  amountText,
  online,
  onAuthorised,
  onClose,
  title,
  frameTitle,
}: PaymentDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  // Each time the connection comes back the hosted page loads afresh (a new frame, a new load).
  const [attempt, setAttempt] = useState(0);
  const [wasOnline, setWasOnline] = useState(online);
  if (online !== wasOnline) {
    setWasOnline(online);
    if (online) setAttempt((n) => n + 1);
  }
  const frameKey = `${url}#${attempt}`;
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const loaded = online && loadedKey === frameKey;
  /** The frame whose first card field has had focus: later loads (an error page, the answer) leave focus alone. */
  const focusedKey = useRef<string | null>(null);
  const handlers = useRef({ onAuthorised, onClose });
  useEffect(() => {
    handlers.current = { onAuthorised, onClose };
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (url && !dialog.open) {
      dialog.showModal();
      // Not "Close payment": the card page itself takes focus, its first field once it has loaded.
      frameRef.current?.focus();
    } else if (!url && dialog.open) dialog.close();
  }, [url]);

  useEffect(() => {
    if (!url) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (!frameRef.current || event.source !== frameRef.current.contentWindow) return;
      if (!isPaymentMessage(event.data)) return;
      if (event.data.type === PAYMENT_FORM_MESSAGE_AUTHORISED) handlers.current.onAuthorised(event.data);
      else handlers.current.onClose();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [url]);

  function frameLoaded() {
    setLoadedKey(frameKey);
    if (focusedKey.current === frameKey) return;
    focusedKey.current = frameKey;
    focusFirstField(frameRef.current);
  }

  return (
    <dialog
      ref={dialogRef}
      className="payment-dialog"
      aria-labelledby="payment-dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        handlers.current.onClose();
      }}
    >
      <div className="payment-dialog__head">
        <div>
          <h2 id="payment-dialog-title" className="payment-dialog__title">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <rect x="5" y="10" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M8 10V7a4 4 0 018 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            {title ?? t('payment.dialogTitle')}
          </h2>
          <p className="payment-dialog__amount">{t('payment.dialogAmount', { amount: amountText })}</p>
        </div>
        <button
          type="button"
          className="icon-button"
          onClick={() => handlers.current.onClose()}
          aria-label={t('payment.closeDialog')}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="payment-dialog__body">
        {url && !online && (
          <div className="notice notice--warning payment-dialog__offline" role="alert" data-testid="payment-offline">
            {t('payment.offlineInDialog')}
          </div>
        )}
        {url && online && !loaded && (
          <div className="payment-dialog__loading" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('payment.loadingForm')}
          </div>
        )}
        {url && online && (
          <iframe
            ref={frameRef}
            key={`${url}#${attempt}`}
            src={url}
            title={frameTitle ?? t('payment.frameTitle')}
            className="payment-dialog__frame"
            onLoad={frameLoaded}
            referrerPolicy="same-origin"
          />
        )}
      </div>
    </dialog>
  );
}
