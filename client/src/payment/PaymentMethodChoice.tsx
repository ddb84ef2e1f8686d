import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from './api';
import './i18n';
import './payment-method.css';

/**
 * Card or digital wallet: a radio group above the pay button. Both open a
 * hosted page in the same dialog and end in the same commit; the wallet is a
 * SANDBOX simulation like the card page, and says so.
 */
export function PaymentMethodChoice({
  value,
  onChange,
  disabled,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  const methods: PaymentMethod[] = ['card', 'wallet'];
  return (
    <fieldset className="payment-method" disabled={disabled} data-testid="payment-method">
      <legend className="payment-method__legend">{t('paymentMethod.legend')}</legend>
      <div className="payment-method__options">
        {methods.map((m) => (
          <label key={m} className="payment-method__option">
            <input
              type="radio"
              name={name}
              value={m}
              checked={value === m}
              onChange={() => onChange(m)}
              data-testid={`payment-method-${m}`}
            />
            <span>
              <span className="payment-method__name">{t(`paymentMethod.${m}`)}</span>
              <span className="payment-method__hint">{t(`paymentMethod.${m}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The dialog's title for the chosen method. */
export function usePaymentDialogTexts(method: PaymentMethod): { title?: string; frameTitle?: string } {
  const { t } = useTranslation();
  return method === 'wallet'
    ? { title: t('paymentMethod.walletDialog'), frameTitle: t('paymentMethod.walletFrame') }
    : {};
}
