import { useTranslation } from 'react-i18next';
import {
  customerFormForKind,
  DEFAULT_CUSTOMER_FORM,
  type CartKind,
  type CustomerDetails,
  type CustomerDetailsInput,
  type CustomerFormConfig,
} from '@hotline/shared';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { getCustomerFormConfig } from './api';
import { CustomerForm } from './CustomerForm';

/**
 * The details step of the gift-voucher, donation and membership checkouts: the deployment's customer form with what
 * the cart kind requires (shared customerFormForKind: an ID number for these kinds). A failed config load falls back
 * to the spec's defaults; the server checks the commit with its own config anyway. The mobile number is its own
 * confirmation here (these flows ask for it once).
 */
export function CustomerDetailsStep({
  kind,
  titleId,
  intro,
  initial,
  onBack,
  onDone,
}: {
  kind: CartKind;
  titleId: string;
  intro: string;
  initial: CustomerDetailsInput | null;
  onBack: () => void;
  onDone: (details: CustomerDetails & { verifyMobileNumber: string | null }) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const config = useLatestQuery<CustomerFormConfig>((signal) => getCustomerFormConfig(signal), []);
  const base = config.status === 'success' ? config.data : config.status === 'error' ? DEFAULT_CUSTOMER_FORM : null;
  return (
    <section className="booking-card" aria-labelledby={titleId}>
      <header className="booking-card__head">
        <h2 id={titleId} className="booking-card__title">
          {t('checkout.formTitle')}
        </h2>
        <p className="booking-card__sub">{intro}</p>
      </header>
      {base ? (
        <CustomerForm
          config={customerFormForKind(base, kind)}
          locale={locale}
          initial={initial}
          busy={false}
          submitLabel={t('checkout.toPayment')}
          onSubmit={(details) => onDone({ ...details, verifyMobileNumber: details.mobileNumber ?? null })}
          onBack={onBack}
        />
      ) : (
        <div className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('app.loading')}
        </div>
      )}
    </section>
  );
}
