import { isVideoOnDemand, vodWatchUntil } from '@hotline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../vod/i18n';
import { CatalogueText } from '../components/CatalogueText';
import { useLocale } from '../hooks/useLocale';
import { formatJerusalemDateTime } from '../lib/datetime';
import { presentationFeatureName, venueAndLocation } from '../lib/localized';
import { useCartStore } from './cart-store';
import { presentationIdsOf } from './cart-logic';
import { productOf } from './catalogue-store';
import { isolate, money, productName, seatLabel, ticketName } from './format';
import { useCartCatalogue, useCartTotals } from './hooks';

export interface OrderSummaryProps {
  /** Vouchers can be removed from the summary (payment step). */
  editableVouchers?: boolean;
  /** Heading level (2 by default). */
  headingLevel?: 2 | 3;
}

/**
 * The order at a glance: shows, seats with their tickets, products, service
 * charges, the handling fee, savings, vouchers and what is left to pay. Shown
 * next to every step. Every amount comes from the shared agorot rules; the
 * server recomputes them all at payment.
 */
export function OrderSummary({ editableVouchers = false, headingLevel = 2 }: OrderSummaryProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const totals = useCartTotals();
  const { entries } = useCartCatalogue();
  const removeVoucher = useCartStore((s) => s.removeVoucher);
  const ids = presentationIdsOf(totals.seats.map((l) => l.seat));
  const H = `h${headingLevel}` as const;

  return (
    <aside className="order-summary" aria-labelledby={titleId} data-testid="order-summary">
      <H id={titleId} className="order-summary__title">
        {t('summary.title')}
      </H>
      {ids.length === 0 && totals.products.length === 0 ? (
        <p className="muted">{t('summary.empty')}</p>
      ) : (
        <>
          {ids.map((id) => {
            const p = entries[id]?.presentation;
            const lines = totals.seats.filter((l) => l.seat.prsntId === id);
            return (
              <section key={id} className="summary-show">
                {p ? (
                  <>
                    <p className="summary-show__name">
                      <CatalogueText locale={locale}>{presentationFeatureName(p, locale)}</CatalogueText>
                    </p>
                    {isVideoOnDemand(p.venueTypeId) ? (
                      <p className="summary-show__meta">
                        {t('vod.online')}
                        <br />
                        {t('vod.watchWindow', { date: formatJerusalemDateTime(vodWatchUntil(p.dateTime), locale) })}
                      </p>
                    ) : (
                      <p className="summary-show__meta">
                        <time dateTime={p.dateTime}>{formatJerusalemDateTime(p.dateTime, locale)}</time>
                        <br />
                        <CatalogueText locale={locale}>{venueAndLocation(p, locale)}</CatalogueText>
                      </p>
                    )}
                  </>
                ) : (
                  <p className="summary-show__name">{t('summary.loadingShow')}</p>
                )}
                <ul className="plain summary-lines">
                  {lines.map((l) => (
                    <li
                      key={`${l.seat.sectionId}:${l.seat.XCoordinate}:${l.seat.YCoordinate}`}
                      className="summary-line"
                    >
                      <span className="summary-line__what">
                        {seatLabel(l.seat, t, p !== undefined && isVideoOnDemand(p.venueTypeId))}
                        {l.ticket && (
                          <span className="summary-line__detail">
                            <CatalogueText locale={locale}>{ticketName(l.ticket, locale)}</CatalogueText>
                          </span>
                        )}
                      </span>
                      <span className="summary-line__amount">
                        {l.seat.isMultiplyFactorSubTicket ? t('summary.included') : money(l.amountAgorot, locale)}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          {totals.products.length > 0 && (
            <section className="summary-show">
              <p className="summary-show__name">{t('summary.products')}</p>
              <ul className="plain summary-lines">
                {totals.products.map((pl) => {
                  const product = productOf(entries, pl.id);
                  return (
                    <li key={pl.id} className="summary-line">
                      <span className="summary-line__what">
                        {product ? (
                          <CatalogueText locale={locale}>{productName(product, locale)}</CatalogueText>
                        ) : (
                          `#${pl.id}`
                        )}
                        <span className="summary-line__detail">× {pl.quantity}</span>
                      </span>
                      <span className="summary-line__amount">{money(pl.priceAgorot * pl.quantity, locale)}</span>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          <dl className="summary-totals">
            <div>
              <dt>
                {t('summary.tickets', { count: totals.seats.filter((l) => !l.seat.isMultiplyFactorSubTicket).length })}
              </dt>
              <dd>{money(totals.ticketsAgorot, locale)}</dd>
            </div>
            {totals.productsAgorot > 0 && (
              <div>
                <dt>{t('summary.productsTotal')}</dt>
                <dd>{money(totals.productsAgorot, locale)}</dd>
              </div>
            )}
            {totals.serviceChargesAgorot > 0 && (
              <div>
                <dt>{t('summary.serviceCharges')}</dt>
                <dd>{money(totals.serviceChargesAgorot, locale)}</dd>
              </div>
            )}
            {totals.globalServiceChargeAgorot > 0 && (
              <div>
                <dt>{t('summary.handlingFee')}</dt>
                <dd>{money(totals.globalServiceChargeAgorot, locale)}</dd>
              </div>
            )}
            {totals.savingsAgorot > 0 && (
              <div className="summary-totals__savings">
                <dt>{t('summary.savings')}</dt>
                <dd>{money(totals.savingsAgorot, locale)}</dd>
              </div>
            )}
            <div className="summary-totals__total">
              <dt>{t('summary.total')}</dt>
              <dd data-testid="summary-total">{money(totals.totalAgorot, locale)}</dd>
            </div>
            {totals.vouchers.map((v) => (
              <div key={v.id} className="summary-totals__voucher">
                <dt>
                  {t('summary.voucher', { code: isolate(v.code, locale) })}
                  {v.message && <span className="summary-totals__note">{v.message}</span>}
                </dt>
                <dd>
                  {money(-v.amountAgorot, locale)}
                  {editableVouchers && (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => removeVoucher(v.id)}
                      aria-label={t('voucher.remove', { code: v.code })}
                    >
                      {t('voucher.removeShort')}
                    </button>
                  )}
                </dd>
              </div>
            ))}
            {totals.vouchers.length > 0 && (
              <div className="summary-totals__due">
                <dt>{t('summary.balanceDue')}</dt>
                <dd data-testid="summary-balance-due">{money(totals.balanceDueAgorot, locale)}</dd>
              </div>
            )}
          </dl>
        </>
      )}
    </aside>
  );
}
