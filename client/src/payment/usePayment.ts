import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentFormMessage, WalletApproval, PAYMENT_FORM_MESSAGE_AUTHORISED } from '@hotline/shared';
import { isOnline, userMessage } from '../api/user-message';
import { warmBotToken, withBotToken } from '../booking/botcheck';
import { useLocale } from '../hooks/useLocale';
import { useOnline } from '../hooks/useOnline';
import { openPaymentPage, type PaymentMethod } from './api';
import { failureCode, initialPayment, paymentReducer, type PaymentFailure, type PaymentPhase } from './payment-machine';

export type AuthorisedMessage = Extract<PaymentFormMessage, { type: typeof PAYMENT_FORM_MESSAGE_AUTHORISED }>;

/** One attempt at the commit: the card's authorisation (none when nothing is due or cash) and the order's identifier. */
export interface PaymentAttempt {
  paymentIdentifier: string | null;
  paypal?: WalletApproval;
  /**
   * The same on every attempt of this step: the server answers a replay of a paid cart with its stored result and
   * keys the charge on cart + authorisation, so a retry never charges twice.
   */
  cartIdentifier: string;
}

export interface UsePaymentOptions<R> {
  /** What is left to pay, in agorot; 0 commits without a card page. */
  dueAgorot: number;
  /** Card (default) or the digital wallet. */
  method?: PaymentMethod;
  /** The card holder's ID number for the hosted page, when the details form asked for it. */
  ssn?: string;
  /** The order's own cart identifier (the ticket and gift carts have one); otherwise the step keeps its own. */
  cartIdentifier?: string | null;
  /** Checks before anything opens (waivers, incomplete units, the buyer's mobile…): a failure stops there. */
  check?: () => PaymentFailure | null;
  /** No card page even with something due (cash at the counter). */
  withoutCard?: () => boolean;
  /** Said instead of opening the card page while offline (it would frame the browser's own offline page). */
  offlineText?: string;
  /** POST /payment/commit with this attempt. */
  commit: (attempt: PaymentAttempt) => Promise<R>;
  onSuccess?: (result: R, attempt: PaymentAttempt) => void;
  /** After a failure is shown (e.g. reload prices after PRICE_MISMATCH). */
  onFailure?: (failure: PaymentFailure) => void | Promise<void>;
  /** The card page authorised (before the commit): instalments chosen there, analytics. */
  onAuthorised?: (message: AuthorisedMessage) => void;
  /** The sentence for a failed call; default: the server's message (userMessage). */
  describe?: (error: unknown) => PaymentFailure;
}

export interface PaymentController {
  phase: PaymentPhase;
  busy: boolean;
  failure: PaymentFailure | null;
  cancelled: boolean;
  dueAgorot: number;
  /** The pay button: opens the card page, or commits at once when nothing is due (or cash). */
  pay: () => Promise<void>;
  /** What the card dialog needs. */
  dialog: {
    url: string | null;
    online: boolean;
    onClose: () => void;
    onAuthorised: (message: AuthorisedMessage) => void;
  };
}

const newCartIdentifier = () => crypto.randomUUID();

/**
 * The payment step of every checkout (tickets, gift vouchers and donations, memberships, the box office): the state
 * machine in payment-machine.ts, the hosted card (or wallet) page, the commit, and the failure in the server's words.
 */
export function usePayment<R>(options: UsePaymentOptions<R>): PaymentController {
  const { t } = useTranslation();
  const locale = useLocale();
  const online = useOnline();
  const [state, dispatch] = useReducer(paymentReducer, initialPayment);
  const [ownIdentifier] = useState(newCartIdentifier);
  // The latest options: the dialog's message handler and a commit in flight read the order as it is now.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const busy = state.phase !== 'idle';

  useEffect(() => warmBotToken(), []);

  const describe = useCallback(
    (error: unknown): PaymentFailure =>
      latest.current.describe?.(error) ?? { text: userMessage(error, t), code: failureCode(error, isOnline()) },
    [t],
  );

  const commit = useCallback(
    async (paymentIdentifier: string | null, paypal?: WalletApproval) => {
      const o = latest.current;
      const attempt: PaymentAttempt = {
        paymentIdentifier,
        ...(paypal ? { paypal } : {}),
        cartIdentifier: o.cartIdentifier ?? ownIdentifier,
      };
      dispatch({ type: 'commit' });
      try {
        const result = await o.commit(attempt);
        dispatch({ type: 'success' });
        o.onSuccess?.(result, attempt);
      } catch (error) {
        const failure = describe(error);
        console.error('payment commit failed:', failure.code, error instanceof Error ? error.message : error);
        dispatch({ type: 'failure', failure });
        await o.onFailure?.(failure);
      }
    },
    [describe, ownIdentifier],
  );

  const pay = useCallback(async () => {
    if (busy) return;
    const o = latest.current;
    const refused = o.check?.() ?? null;
    if (refused) {
      dispatch({ type: 'refuse', failure: refused });
      return;
    }
    const withoutCard = o.withoutCard?.() ?? false;
    if (!withoutCard && o.offlineText !== undefined && !isOnline()) {
      dispatch({ type: 'refuse', failure: { text: o.offlineText, code: 'OFFLINE' } });
      return;
    }
    if (o.dueAgorot === 0 || withoutCard) {
      await commit(null);
      return;
    }
    dispatch({ type: 'open' });
    try {
      const { paymentFormURL } = await withBotToken((recaptchaToken) =>
        openPaymentPage(o.method ?? 'card', locale, { total: o.dueAgorot / 100, recaptchaToken, ssn: o.ssn }),
      );
      dispatch({ type: 'form', url: paymentFormURL });
    } catch (error) {
      dispatch({ type: 'failure', failure: describe(error) });
    }
  }, [busy, commit, describe, locale]);

  const onClose = useCallback(() => dispatch({ type: 'closed' }), []);
  const onAuthorised = useCallback(
    (message: AuthorisedMessage) => {
      dispatch({ type: 'authorised' });
      latest.current.onAuthorised?.(message);
      void commit(message.paymentIdentifier, message.paypal);
    },
    [commit],
  );

  return {
    phase: state.phase,
    busy,
    failure: state.failure,
    cancelled: state.cancelled,
    dueAgorot: options.dueAgorot,
    pay,
    dialog: { url: state.formUrl, online, onClose, onAuthorised },
  };
}
