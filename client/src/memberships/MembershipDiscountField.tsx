import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  agorotToShekels,
  membershipDiscountAgorot,
  shekelsToAgorot,
  type MembershipDiscountCheckResponse,
} from '@hotline/shared';
import { userMessage } from '../api/user-message';
import { money } from '../booking/format';
import { useLocale } from '../hooks/useLocale';
import { checkMembershipDiscount } from './membership-api';
import './membership-i18n';

/** The total after the applied code, by the shared rule the server prices with (the commit checks it again). */
export function totalAfterDiscount(totalShekels: number, applied: MembershipDiscountCheckResponse | null): number {
  if (!applied) return totalShekels;
  const price = shekelsToAgorot(totalShekels);
  const value = applied.kind === 'percent' ? applied.value : shekelsToAgorot(applied.value);
  return agorotToShekels(price - membershipDiscountAgorot(price, { kind: applied.kind, value }));
}

/**
 * The membership order's discount code (docs/memberships.md, "Discount code"): one code per order. Before a code is
 * applied it is a field with an Apply button; once the server accepts one, the field is replaced by the applied code
 * and a Remove button, so a second code cannot be entered. The amount shown is the server's check; the commit prices
 * the code again.
 */
export function MembershipDiscountField({
  membershipId,
  membershipPriceId,
  totalShekels,
  applied,
  onChange,
  disabled,
}: {
  membershipId: number;
  membershipPriceId: number;
  /** The total before the code, to show what the code takes off it. */
  totalShekels: number;
  applied: MembershipDiscountCheckResponse | null;
  onChange: (applied: MembershipDiscountCheckResponse | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const wasApplied = useRef(applied !== null);
  // Focus follows the swap: onto Remove once a code is applied, back to the field once it is removed.
  useEffect(() => {
    if (applied && !wasApplied.current) removeRef.current?.focus();
    if (!applied && wasApplied.current) inputRef.current?.focus();
    wasApplied.current = applied !== null;
  }, [applied]);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (busy || !trimmed) {
      if (!trimmed) setError(t('memberships.discount.empty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onChange(await checkMembershipDiscount(trimmed, membershipId, membershipPriceId));
      setCode('');
    } catch (e) {
      setError(userMessage(e, t));
    } finally {
      setBusy(false);
    }
  }

  if (applied) {
    return (
      <div className="membership-discount membership-discount--applied" data-testid="membership-discount-applied">
        <p className="membership-discount__applied" aria-live="polite">
          {t('memberships.discount.applied', {
            code: applied.code,
            amount: money(shekelsToAgorot(totalShekels - totalAfterDiscount(totalShekels, applied)), locale),
          })}
        </p>
        <button
          type="button"
          ref={removeRef}
          className="button button--secondary"
          onClick={() => onChange(null)}
          disabled={disabled}
          aria-label={t('memberships.discount.removeLabel', { code: applied.code })}
        >
          {t('memberships.discount.remove')}
        </button>
        <p className="field__hint">{t('memberships.discount.onlyOne')}</p>
      </div>
    );
  }

  return (
    <form className="membership-discount" onSubmit={(e) => void apply(e)} noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-code`}>
          {t('memberships.discount.label')} <span className="field__optional">{t('checkout.optional')}</span>
        </label>
        <div className="membership-discount__row">
          <input
            id={`${id}-code`}
            ref={inputRef}
            className="input"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            disabled={disabled}
            data-testid="membership-discount-input"
          />
          <button type="submit" className="button button--secondary" disabled={busy || disabled} aria-busy={busy}>
            {t('memberships.discount.apply')}
          </button>
        </div>
        {error && (
          <p className="field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
