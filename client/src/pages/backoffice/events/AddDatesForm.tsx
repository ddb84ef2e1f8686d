import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AdminFeature,
  AdminNames,
  AdminPresentationSeriesInput,
  AdminSeatPlanSummary,
  AdminVenue,
  AdminZone,
} from '@hotline/shared';
import { useLocale } from '../../../hooks/useLocale';
import { i18next } from '../../../i18n';
import { formatShekels } from '../../../lib/rules';
import type { FieldAria } from '../admin-ui/Field';
import { Field, K, Named, Swatch, focusFirst, nameIn, wholeNumber } from './event-ui';
import { MAX_AGOROT, shekelsTextToAgorot } from './money-input';

const LANGUAGES = ['he', 'en', 'ru', 'ar'] as const;
const DIRECTION = { he: 'rtl', en: 'ltr', ru: 'ltr', ar: 'rtl' } as const;
/** The API's limits for a series (docs/catalogue-admin.md). */
const EVERY_DAYS = { min: 1, max: 28 };
const COUNT = { min: 1, max: 60 };
const MAX_SEATS = { min: 1, max: 50 };
const TICKET_NAME_MAX = 120;

/**
 * One zone's price as typed. This form sells ONE ticket per zone (its name in four languages, its price and service
 * charge): the common case. The API takes up to 20 tickets per zone (adult, child, …); more than one is for a later
 * screen. A zone left without a price is saved unpriced, and its dates cannot be published until it has one.
 */
interface PriceRow {
  zone: AdminZone;
  ticket: AdminNames;
  price: string;
  charge: string;
}

type Prices = { planId: number; rows: PriceRow[] } | { planId: number; rows: 'failed' };

interface Fields {
  firstDate: string;
  time: string;
  everyDays: string;
  count: string;
  maxSeats: string;
}

const id = (field: string) => `bo-dates-${field}`;
const rowId = (zoneId: number, field: string) => id(`zone-${zoneId}-${field}`);
const published = (v: AdminVenue) =>
  v.seatPlans
    .filter((p) => p.status === 'published')
    .sort((a, b) => a.code.localeCompare(b.code) || b.version - a.version);

/**
 * "Add dates" for one event: a published seat plan of one of its business's venues, the first date and the time
 * (Jerusalem wall clock), how often and how many, the order limit and a price per zone. The dates are created as
 * drafts; `onCreate` answers whether the server took them (its refusal is shown by the panel).
 */
export function AddDatesForm({
  feature,
  venues,
  zonesOf,
  busy,
  onCreate,
}: {
  feature: AdminFeature;
  venues: readonly AdminVenue[];
  zonesOf: (seatPlanId: number) => Promise<AdminZone[]>;
  busy: boolean;
  onCreate: (input: AdminPresentationSeriesInput) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [choice, setChoice] = useState({ venueId: 0, seatPlanId: 0 });
  const [fields, setFields] = useState<Fields>({
    firstDate: '',
    time: '20:00',
    everyDays: '7',
    count: '1',
    maxSeats: '10',
  });
  const [prices, setPrices] = useState<Prices | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Only the event's own business's venues, and only their published plans, can sell its dates.
  const usable = venues.filter((v) => v.businessId === feature.businessId && published(v).length > 0);
  const venue = usable.find((v) => v.id === choice.venueId) ?? usable[0];
  const plans = venue ? published(venue) : [];
  const plan = plans.find((p) => p.id === choice.seatPlanId) ?? plans[0];
  const planId = plan?.id;

  useEffect(() => {
    if (planId === undefined) return;
    let live = true;
    // The default ticket, "Regular" in each of the four languages whatever the reader's.
    const regular = (lng: string) => i18next.t(`${K}.regular`, { lng });
    zonesOf(planId).then(
      (zones) => {
        if (!live) return;
        const ticket = { he: regular('he'), en: regular('en'), ru: regular('ru'), ar: regular('ar') };
        setPrices({ planId, rows: zones.map((zone) => ({ zone, ticket, price: '', charge: '' })) });
      },
      () => live && setPrices({ planId, rows: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [planId, zonesOf]);

  const rows = prices && prices.planId === planId ? prices.rows : null;
  const setRow = (zoneId: number, change: (r: PriceRow) => PriceRow) =>
    setPrices((p) =>
      p && Array.isArray(p.rows) ? { ...p, rows: p.rows.map((r) => (r.zone.id === zoneId ? change(r) : r)) } : p,
    );
  const setField = (name: keyof Fields, value: string) => setFields((f) => ({ ...f, [name]: value }));
  const planOption = (p: AdminSeatPlanSummary) => t(`${K}.planOption`, { code: p.code, version: p.version });
  const maxAmount = formatShekels(MAX_AGOROT, locale);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!plan || !Array.isArray(rows)) return;
    const found: Record<string, string> = {};
    const order: string[] = [];
    const check = (fieldId: string, problem: string | null) => {
      order.push(fieldId);
      if (problem) found[fieldId] = problem;
    };
    check(id('firstDate'), /^\d{4}-\d{2}-\d{2}$/.test(fields.firstDate) ? null : t(`${K}.required`));
    check(id('time'), /^([01]\d|2[0-3]):[0-5]\d$/.test(fields.time) ? null : t(`${K}.required`));
    const everyDays = wholeNumber(fields.everyDays, EVERY_DAYS.min, EVERY_DAYS.max);
    check(id('everyDays'), everyDays === null ? t(`${K}.wholeNumber`, EVERY_DAYS) : null);
    const count = wholeNumber(fields.count, COUNT.min, COUNT.max);
    check(id('count'), count === null ? t(`${K}.wholeNumber`, COUNT) : null);
    const maxSeatsPerOrder = wholeNumber(fields.maxSeats, MAX_SEATS.min, MAX_SEATS.max);
    check(id('maxSeats'), maxSeatsPerOrder === null ? t(`${K}.wholeNumber`, MAX_SEATS) : null);

    const priced: AdminPresentationSeriesInput['prices'] = [];
    for (const r of rows) {
      const zoneId = r.zone.id;
      const unpriced = !r.price.trim() && !r.charge.trim();
      for (const l of LANGUAGES)
        check(
          rowId(zoneId, `ticket-${l}`),
          !unpriced && (l === 'he' || l === 'en') && !r.ticket[l].trim() ? t(`${K}.required`) : null,
        );
      if (unpriced) continue;
      const price = r.price.trim() ? shekelsTextToAgorot(r.price) : null;
      check(
        rowId(zoneId, 'price'),
        !r.price.trim() ? t(`${K}.priceFirst`) : price === null ? t(`${K}.amount`, { max: maxAmount }) : null,
      );
      const charge = r.charge.trim() ? shekelsTextToAgorot(r.charge) : 0;
      check(rowId(zoneId, 'charge'), charge === null ? t(`${K}.amount`, { max: maxAmount }) : null);
      if (price !== null && charge !== null) {
        const name = { he: r.ticket.he.trim(), en: r.ticket.en.trim(), ru: r.ticket.ru.trim(), ar: r.ticket.ar.trim() };
        priced.push({ zoneId, tickets: [{ name, priceAgorot: price, serviceChargeAgorot: charge }] });
      }
    }
    setErrors(found);
    if (Object.keys(found).length || everyDays === null || count === null || maxSeatsPerOrder === null) {
      focusFirst(order, found);
      return;
    }
    const created = await onCreate({
      featureId: feature.id,
      seatPlanId: plan.id,
      firstDate: fields.firstDate,
      time: fields.time,
      everyDays,
      count,
      maxSeatsPerOrder,
      prices: priced,
    });
    // The plan, the prices and the rhythm stay for the next series; only its first date is new.
    if (created) setField('firstDate', '');
  };

  const text = (name: keyof Fields, label: string, type: 'date' | 'time', hint?: string) => (
    <Field id={id(name)} label={label} hint={hint} error={errors[id(name)]}>
      {(aria) => (
        <input
          id={id(name)}
          type={type}
          required
          value={fields[name]}
          onChange={(e) => setField(name, e.target.value)}
          {...aria}
        />
      )}
    </Field>
  );
  const number = (name: keyof Fields, label: string, range: { min: number; max: number }, hint?: string) => (
    <Field id={id(name)} label={label} hint={hint} error={errors[id(name)]}>
      {(aria) => (
        <input
          id={id(name)}
          type="number"
          inputMode="numeric"
          min={range.min}
          max={range.max}
          step={1}
          required
          value={fields[name]}
          onChange={(e) => setField(name, e.target.value)}
          {...aria}
        />
      )}
    </Field>
  );
  /** An input in the price table: its label names the zone for those who cannot see the row. */
  const cellLabel = (fieldId: string, what: string, zone: AdminZone, visible?: string) => (
    <label htmlFor={fieldId} className={visible ? undefined : 'visually-hidden'}>
      {visible ?? what}
      <span className="visually-hidden">
        {visible ? `, ${what}` : ''}
        {', '}
        <Named names={zone.name} locale={locale} />
      </span>
    </label>
  );
  const error = (fieldId: string) =>
    errors[fieldId] ? (
      <span id={`${fieldId}-error`} className="bo-event-error">
        {errors[fieldId]}
      </span>
    ) : null;
  const aria = (fieldId: string): FieldAria =>
    errors[fieldId] ? { 'aria-describedby': `${fieldId}-error`, 'aria-invalid': true } : {};

  return (
    <section className="bo-event-add" aria-labelledby="bo-dates-add-title">
      <h4 id="bo-dates-add-title">{t(`${K}.addTitle`)}</h4>
      <p className="bo-hint">{t(`${K}.addIntro`)}</p>
      {!venue || !plan ? (
        <p data-testid="bo-dates-no-plan">{t(`${K}.noPublishedPlan`)}</p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <div className="bo-event-fields">
            <Field id={id('venue')} label={t(`${K}.venue`)}>
              {() => (
                <select
                  id={id('venue')}
                  value={venue.id}
                  onChange={(e) => setChoice({ venueId: Number(e.target.value), seatPlanId: 0 })}
                >
                  {usable.map((v) => (
                    <option key={v.id} value={v.id} translate={v.name[locale].trim() ? undefined : 'no'}>
                      {nameIn(v.name, locale)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={id('plan')} label={t(`${K}.plan`)}>
              {() => (
                <select
                  id={id('plan')}
                  value={plan.id}
                  onChange={(e) => setChoice((c) => ({ ...c, seatPlanId: Number(e.target.value) }))}
                >
                  {plans.map((p) => (
                    <option key={p.id} value={p.id}>
                      {planOption(p)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {text('firstDate', t(`${K}.firstDate`), 'date')}
            {text('time', t(`${K}.time`), 'time', t(`${K}.timeHint`))}
            {number('everyDays', t(`${K}.everyDays`), EVERY_DAYS, t(`${K}.seriesHint`))}
            {number('count', t(`${K}.count`), COUNT)}
            {number('maxSeats', t(`${K}.maxSeats`), MAX_SEATS)}
          </div>

          <h5 id="bo-dates-prices-title">{t(`${K}.prices`)}</h5>
          <p id="bo-dates-prices-hint" className="bo-hint">
            {t(`${K}.pricesHint`)}
          </p>
          {rows === null && <p role="status">{t(`${K}.loadingZones`)}</p>}
          {rows === 'failed' && <p role="alert">{t(`${K}.zonesFailed`)}</p>}
          {Array.isArray(rows) && (
            <div
              className="bo-table-wrap"
              role="region"
              aria-labelledby="bo-dates-prices-title"
              aria-describedby="bo-dates-prices-hint"
              tabIndex={0}
            >
              <table className="bo-table bo-event-table bo-event-prices">
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.priceColumns.zone`)}</th>
                    <th scope="col">{t(`${K}.priceColumns.ticket`)}</th>
                    <th scope="col">{t(`${K}.priceColumns.price`)}</th>
                    <th scope="col">{t(`${K}.priceColumns.charge`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.zone.id} data-testid={`bo-price-${r.zone.code}`}>
                      <th scope="row">
                        <span className="bo-event-zone">
                          <Swatch color={r.zone.color} />
                          <Named names={r.zone.name} locale={locale} />
                        </span>
                        <span className="bo-hint">
                          {' '}
                          {t(`${K}.zoneSeats`, { seats: r.zone.seatCount.toLocaleString(locale) })}
                        </span>
                      </th>
                      <td>
                        <div className="bo-event-ticket-names">
                          {LANGUAGES.map((l) => {
                            const fieldId = rowId(r.zone.id, `ticket-${l}`);
                            return (
                              <div key={l} className="bo-event-cell">
                                {cellLabel(fieldId, t(`${K}.priceColumns.ticket`), r.zone, t(`${K}.language.${l}`))}
                                <input
                                  id={fieldId}
                                  lang={l}
                                  dir={DIRECTION[l]}
                                  maxLength={TICKET_NAME_MAX}
                                  value={r.ticket[l]}
                                  onChange={(e) => {
                                    const value = e.target.value;
                                    setRow(r.zone.id, (row) => ({ ...row, ticket: { ...row.ticket, [l]: value } }));
                                  }}
                                  {...aria(fieldId)}
                                />
                                {error(fieldId)}
                              </div>
                            );
                          })}
                        </div>
                      </td>
                      {(['price', 'charge'] as const).map((field) => {
                        const fieldId = rowId(r.zone.id, field);
                        return (
                          <td key={field}>
                            <div className="bo-event-cell">
                              {cellLabel(fieldId, t(`${K}.priceColumns.${field}`), r.zone)}
                              <span className="bo-event-amount">
                                <span aria-hidden="true">₪</span>
                                <input
                                  id={fieldId}
                                  inputMode="decimal"
                                  dir="ltr"
                                  size={9}
                                  autoComplete="off"
                                  value={r[field]}
                                  onChange={(e) => {
                                    const value = e.target.value;
                                    setRow(r.zone.id, (row) => ({ ...row, [field]: value }));
                                  }}
                                  {...aria(fieldId)}
                                />
                              </span>
                              {error(fieldId)}
                            </div>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="bo-actions">
            <button type="submit" className="button button--primary" disabled={busy || !Array.isArray(rows)}>
              {t(`${K}.addSubmit`)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
