import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_CUSTOMER_FORM, type CustomerDetails, type CustomerFormConfig } from '@hotline/shared';
import { BookingShell, flushCartSave, useCart, useCartCatalogue, useCartHydration, useCartTotals } from './index';
import { getCustomerFormConfig } from './api';
import { trackBeginCheckout } from './tracking';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { CustomerForm } from './CustomerForm';
import { CartGate, cartStepHrefs } from './CartGate';
import { loggedInCustomerDetails } from './customer-prefill';

/** /booking/checkout — customer details (step 4). */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const ready = useCartHydration();
  const cart = useCart();
  const totals = useCartTotals();
  const catalogue = useCartCatalogue();
  const config = useLatestQuery<CustomerFormConfig>((signal) => getCustomerFormConfig(signal), []);
  // A logged-in customer's details pre-fill an empty form (what the visitor already typed wins).
  const customer = useLatestQuery((signal) => loggedInCustomerDetails(signal), []);
  const [busy, setBusy] = useState(false);
  const tracked = useRef(false);

  useEffect(() => {
    if (tracked.current || !ready || cart.seats.length === 0 || !catalogue.ready) return;
    tracked.current = true;
    trackBeginCheckout(totals.totalAgorot, cart.ticketCodes.join(',') || undefined);
  }, [ready, cart.seats.length, catalogue.ready, totals.totalAgorot, cart.ticketCodes]);

  async function submit(details: CustomerDetails) {
    setBusy(true);
    // The verify field is part of what the server checks; the numbers matched, so it is the same number.
    cart.setCustomerInfo({ ...details, verifyMobileNumber: details.mobileNumber ?? null });
    await flushCartSave().catch(() => undefined);
    setBusy(false);
    navigate('/booking/checkout/payment');
  }

  // A failed config load falls back to the spec's defaults: the server checks the commit with its own config anyway.
  const formConfig =
    config.status === 'success' ? config.data : config.status === 'error' ? DEFAULT_CUSTOMER_FORM : null;
  // The form reads its initial values once, so it waits for the pre-fill to settle.
  const prefillSettled = customer.status !== 'loading';
  const initial = cart.customerInfo ?? (customer.status === 'success' ? customer.data : null);

  return (
    <CartGate ready={ready} step="details">
      <BookingShell step="details" stepHrefs={cartStepHrefs(cart.resId)} title={t('checkout.title')}>
        <section className="booking-card" aria-labelledby="checkout-form-title">
          <header className="booking-card__head">
            <h2 id="checkout-form-title" className="booking-card__title">
              {t('checkout.formTitle')}
            </h2>
            <p className="booking-card__sub">{t('checkout.intro')}</p>
          </header>
          {formConfig && prefillSettled ? (
            <CustomerForm
              config={formConfig}
              locale={locale}
              initial={initial}
              busy={busy}
              submitLabel={t('checkout.toPayment')}
              onSubmit={(d) => void submit(d)}
              onBack={cart.resId ? () => navigate(`/cart/${cart.resId}`) : undefined}
            />
          ) : (
            <div className="page-loading" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('app.loading')}
            </div>
          )}
        </section>
      </BookingShell>
    </CartGate>
  );
}
