import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AdminFeature,
  AdminNames,
  AdminPresentationSeriesInput,
  AdminSeatPlanSummary,
  AdminVenue,
  AdminZone,
  VideoOnDemandKind,
} from '@hotline/shared';
import { VIDEO_ON_DEMAND_KINDS } from '@hotline/shared';
import { useLocale } from '../../hooks/useLocale';
import { i18next } from '../../i18n';
import { formatShekels } from '../../lib/rules';
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
/** A coupon's code and cap as the API takes them (docs/catalogue-admin.md, "Coupons"). */
const COUPON_CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
const COUPON_CODE_MAX = 32;
const COUPON_CAP = { min: 1, max: 1_000_000 };

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

/**
 * The one coupon the form can add, as typed: a ticket of one zone that buyers do not see listed and get by typing its
 * code, sold at most `cap` times over each date. `zoneId` 0 until a zone is chosen: the plan's first zone.
 */
interface CouponFields {
  zoneId: number;
  name: AdminNames;
  code: string;
  price: string;
  charge: string;
  cap: string;
}

interface Fields {
  firstDate: string;
  time: string;
  everyDays: string;
  count: string;
  maxSeats: string;
}

const id = (field: string) => `bo-dates-${field}`;
const rowId = (zoneId: number, field: string) => id(`zone-${zoneId}-${field}`);
const couponId = (field: string) => id(`coupon-${field}`);
/** A text in each of the four languages whatever the reader's (the default names of the tickets). */
const inEach = (key: string): AdminNames => ({
  he: i18next.t(key, { lng: 'he' }),
  en: i18next.t(key, { lng: 'en' }),
  ru: i18next.t(key, { lng: 'ru' }),
  ar: i18next.t(key, { lng: 'ar' }),
});
const published = (v: AdminVenue) =>
  v.seatPlans
    .filter((p) => p.status === 'published')
    .sort((a, b) => a.code.localeCompare(b.code) || b.version - a.version);

/**
 * "Add dates" for one event: a published seat plan of one of its business's venues, the first date and the time
 * (Jerusalem wall clock), how often and how many, the order limit, a price per zone and, when ticked, one coupon (a
 * zone's ticket sold by its code, at most `cap` times per date). The dates are created as drafts; `onCreate` answers
 * whether the server took them (its refusal is shown by the panel).
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
  /** '' in the hall, else how the online dates are sold (the server refuses a plan with numbered seats). */
  const [watching, setWatching] = useState<'' | VideoOnDemandKind>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Unticking "Add a coupon" keeps what was typed, for ticking it again; only a ticked coupon is sent.
  const [couponOn, setCouponOn] = useState(false);
  const [coupon, setCoupon] = useState<CouponFields>(() => ({
    zoneId: 0,
    name: inEach(`${K}.coupon.default`),
    code: '',
    price: '',
    charge: '',
    cap: '',
  }));

  // Only the event's own business's venues, and only their published plans, can sell its dates.
  const usable = venues.filter((v) => v.businessId === feature.businessId && published(v).length > 0);
  const venue = usable.find((v) => v.id === choice.venueId) ?? usable[0];
  const plans = venue ? published(venue) : [];
  const plan = plans.find((p) => p.id === choice.seatPlanId) ?? plans[0];
  const planId = plan?.id;

  useEffect(() => {
    if (planId === undefined) return;
    let live = true;
    zonesOf(planId).then(
      (zones) => {
        if (!live) return;
        // The default ticket, "Regular" in each of the four languages whatever the reader's.
        const ticket = inEach(`${K}.regular`);
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
  const setCouponField = (change: Partial<CouponFields>) => setCoupon((c) => ({ ...c, ...change }));
  // The coupon's zone among this plan's (another plan's zone, or none chosen yet: the first).
  const couponZone = Array.isArray(rows) ? (rows.find((r) => r.zone.id === coupon.zoneId) ?? rows[0])?.zone : undefined;
  const planOption = (p: AdminSeatPlanSummary) => t(`${K}.planOption`, { code: p.code, version: p.version });
  const maxAmount = formatShekels(MAX_AGOROT, locale);
  const number = (n: number) => n.toLocaleString(locale);

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
    if (couponOn && couponZone) {
      const code = coupon.code.trim();
      check(
        couponId('code'),
        !code ? t(`${K}.required`) : COUPON_CODE.test(code) ? null : t(`${K}.coupon.codeInvalid`),
      );
      const price = coupon.price.trim() ? shekelsTextToAgorot(coupon.price) : null;
      check(
        couponId('price'),
        !coupon.price.trim() ? t(`${K}.required`) : price === null ? t(`${K}.amount`, { max: maxAmount }) : null,
      );
      const charge = coupon.charge.trim() ? shekelsTextToAgorot(coupon.charge) : 0;
      check(couponId('charge'), charge === null ? t(`${K}.amount`, { max: maxAmount }) : null);
      const cap = wholeNumber(coupon.cap, COUPON_CAP.min, COUPON_CAP.max);
      check(
        couponId('cap'),
        cap === null ? t(`${K}.wholeNumber`, { min: number(COUPON_CAP.min), max: number(COUPON_CAP.max) }) : null,
      );
      for (const l of LANGUAGES)
        check(couponId(`name-${l}`), (l === 'he' || l === 'en') && !coupon.name[l].trim() ? t(`${K}.required`) : null);
      if (price !== null && charge !== null && cap !== null) {
        const name = {
          he: coupon.name.he.trim(),
          en: coupon.name.en.trim(),
          ru: coupon.name.ru.trim(),
          ar: coupon.name.ar.trim(),
        };
        const ticket = { name, priceAgorot: price, serviceChargeAgorot: charge, code, cap };
        // After the zone's regular ticket; alone in a zone left without one (saved, but not ready to publish).
        const zone = priced.find((z) => z.zoneId === couponZone.id);
        if (zone) zone.tickets.push(ticket);
        else priced.push({ zoneId: couponZone.id, tickets: [ticket] });
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
      videoOnDemand: watching || null,
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
  const numberField = (name: keyof Fields, label: string, range: { min: number; max: number }, hint?: string) => (
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
            <Field id={id('watching')} label={t(`${K}.watching.label`)} hint={t(`${K}.watching.hint`)}>
              {(aria) => (
                <select
                  id={id('watching')}
                  value={watching}
                  onChange={(e) => setWatching(e.target.value as '' | VideoOnDemandKind)}
                  {...aria}
                >
                  <option value="">{t(`${K}.watching.hall`)}</option>
                  {VIDEO_ON_DEMAND_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`${K}.watching.${kind}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {text('firstDate', t(`${K}.firstDate`), 'date')}
            {text('time', t(`${K}.time`), 'time', t(`${K}.timeHint`))}
            {numberField('everyDays', t(`${K}.everyDays`), EVERY_DAYS, t(`${K}.seriesHint`))}
            {numberField('count', t(`${K}.count`), COUNT)}
            {numberField('maxSeats', t(`${K}.maxSeats`), MAX_SEATS)}
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
          {couponZone && (
            <div className="bo-event-coupon">
              <div className="bo-event-check">
                <input
                  id={couponId('on')}
                  type="checkbox"
                  checked={couponOn}
                  aria-controls={couponOn ? couponId('fields') : undefined}
                  aria-describedby={couponId('on-hint')}
                  onChange={(e) => setCouponOn(e.target.checked)}
                />
                <label htmlFor={couponId('on')}>{t(`${K}.coupon.add`)}</label>
              </div>
              <p id={couponId('on-hint')} className="bo-hint">
                {t(`${K}.coupon.addHint`)}
              </p>
              {couponOn && (
                <fieldset id={couponId('fields')} className="bo-event-coupon-fields" data-testid="bo-dates-coupon">
                  <legend>{t(`${K}.coupon.title`)}</legend>
                  <div className="bo-event-fields">
                    <Field id={couponId('zone')} label={t(`${K}.coupon.zone`)} hint={t(`${K}.coupon.zoneHint`)}>
                      {(aria) => (
                        <select
                          id={couponId('zone')}
                          value={couponZone.id}
                          onChange={(e) => setCouponField({ zoneId: Number(e.target.value) })}
                          {...aria}
                        >
                          {Array.isArray(rows) &&
                            rows.map((r) => (
                              <option key={r.zone.id} value={r.zone.id}>
                                {nameIn(r.zone.name, locale)}
                              </option>
                            ))}
                        </select>
                      )}
                    </Field>
                    <Field
                      id={couponId('code')}
                      label={t(`${K}.coupon.code`)}
                      hint={t(`${K}.coupon.codeHint`)}
                      error={errors[couponId('code')]}
                    >
                      {(aria) => (
                        <input
                          id={couponId('code')}
                          dir="ltr"
                          maxLength={COUPON_CODE_MAX}
                          autoComplete="off"
                          autoCapitalize="characters"
                          spellCheck={false}
                          required
                          value={coupon.code}
                          onChange={(e) => setCouponField({ code: e.target.value.toUpperCase() })}
                          {...aria}
                        />
                      )}
                    </Field>
                    {(['price', 'charge'] as const).map((field) => (
                      <Field
                        key={field}
                        id={couponId(field)}
                        label={t(`${K}.coupon.${field}`)}
                        error={errors[couponId(field)]}
                      >
                        {(aria) => (
                          <span className="bo-event-amount">
                            <span aria-hidden="true">₪</span>
                            <input
                              id={couponId(field)}
                              inputMode="decimal"
                              dir="ltr"
                              size={9}
                              autoComplete="off"
                              required={field === 'price'}
                              value={coupon[field]}
                              onChange={(e) => setCouponField({ [field]: e.target.value })}
                              {...aria}
                            />
                          </span>
                        )}
                      </Field>
                    ))}
                    <Field
                      id={couponId('cap')}
                      label={t(`${K}.coupon.cap`)}
                      hint={t(`${K}.coupon.capHint`)}
                      error={errors[couponId('cap')]}
                    >
                      {(aria) => (
                        <input
                          id={couponId('cap')}
                          type="number"
                          inputMode="numeric"
                          min={COUPON_CAP.min}
                          max={COUPON_CAP.max}
                          step={1}
                          required
                          value={coupon.cap}
                          onChange={(e) => setCouponField({ cap: e.target.value })}
                          {...aria}
                        />
                      )}
                    </Field>
                  </div>
                  <div className="bo-event-fields">
                    {LANGUAGES.map((l) => (
                      <Field
                        key={l}
                        id={couponId(`name-${l}`)}
                        label={t(`${K}.coupon.name.${l}`)}
                        error={errors[couponId(`name-${l}`)]}
                      >
                        {(aria) => (
                          <input
                            id={couponId(`name-${l}`)}
                            lang={l}
                            dir={DIRECTION[l]}
                            maxLength={TICKET_NAME_MAX}
                            required={l === 'he' || l === 'en'}
                            value={coupon.name[l]}
                            onChange={(e) => {
                              const value = e.target.value;
                              setCoupon((c) => ({ ...c, name: { ...c.name, [l]: value } }));
                            }}
                            {...aria}
                          />
                        )}
                      </Field>
                    ))}
                  </div>
                </fieldset>
              )}
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
