import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_ICONS,
  agorotToShekels,
  type AdminFeature,
  type AdminPresentation,
  type AdminProduct,
  type AdminProductInput,
  type AdminVenue,
  type ProductIcon,
} from '@hotline/shared';
import { useLocale } from '../../hooks/useLocale';
import { formatJerusalemDateTime, formatShekels } from '../../lib/rules';
import { AdminMessages } from '../admin-ui/AdminMessages';
import { errorText } from '../admin-ui/error-text';
import { useAdminMessages } from '../admin-ui/use-admin-messages';
import { Field, K, Named, focusFirst, nameIn, wholeNumber } from './event-ui';
import { eventsApi } from './events-api';
import { MAX_AGOROT, agorotToText, shekelsTextToAgorot } from './money-input';

const LANGUAGES = ['he', 'en', 'ru', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];
const DIRECTION: Record<Language, 'rtl' | 'ltr'> = { he: 'rtl', en: 'ltr', ru: 'ltr', ar: 'rtl' };
const ICONS = Object.keys(PRODUCT_ICONS) as ProductIcon[];
/** The API's limits: a name up to 120 characters, a price up to ₪10,000. */
const NAME_MAX = 120;
const PRICE_MAX_AGOROT = Math.min(MAX_AGOROT, 1_000_000);
const P = `${K}.products`;

interface Form {
  venueId: string;
  /** '' for every event at the venue. */
  featureId: string;
  /** '' for every date of the event. */
  presentationId: string;
  name: Record<Language, string>;
  price: string;
  icon: ProductIcon;
  active: boolean;
  /** '' for no stock / no per-order limit. */
  stock: string;
  perOrder: string;
}

const formOf = (product: AdminProduct | null, venueId: number | undefined): Form =>
  product
    ? {
        venueId: String(product.venueId),
        featureId: product.featureId === null ? '' : String(product.featureId),
        presentationId: product.presentationId === null ? '' : String(product.presentationId),
        name: { ...product.name },
        price: agorotToText(product.priceAgorot),
        icon: product.icon,
        active: product.active,
        stock: product.stock === null ? '' : String(product.stock),
        perOrder: product.perOrder === null ? '' : String(product.perOrder),
      }
    : {
        venueId: String(venueId ?? ''),
        featureId: '',
        presentationId: '',
        name: { he: '', en: '', ru: '', ar: '' },
        price: '',
        icon: 'popcorn',
        active: true,
        stock: '',
        perOrder: '',
      };

const id = (field: string) => `bo-product-${field}`;
const ORDER = [...LANGUAGES.map((l) => id(`name-${l}`)), id('price'), id('stock'), id('perOrder')];
/** The API's limits for a stock and for how many one order may take. */
const STOCK = { min: 0, max: 1_000_000 };
const PER_ORDER = { min: 1, max: 100 };
/** A whole number within limits, null for an empty field, undefined when it is not one. */
const optionalWhole = (text: string, limits: { min: number; max: number }) =>
  text.trim() ? (wholeNumber(text, limits.min, limits.max) ?? undefined) : null;
const editButtonId = (productId: number) => `bo-product-${productId}-edit`;

/**
 * Products (what a buyer adds beside the tickets: popcorn, a programme; permission 291, docs/catalogue-admin.md):
 * those sold at the staff member's venues with their price, event and whether buyers are offered them, a form for a
 * new one, and "Edit" on each (the same form, filled in). Switching a product off keeps what was sold and stops new
 * sales. The server checks everything again and answers in the reader's language.
 */
export function ProductsPanel({
  venues,
  features,
}: {
  venues: AdminVenue[] | null | 'failed';
  features: AdminFeature[] | null | 'failed';
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [products, setProducts] = useState<AdminProduct[] | null | 'failed'>(null);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, setNotice, refusal, setRefusal, refusalRef, clear } = useAdminMessages();
  const venueList = Array.isArray(venues) ? venues : [];
  const featureList = Array.isArray(features) ? features : [];
  const [form, setForm] = useState<Form>(() => formOf(null, venueList[0]?.id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formTitleRef = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<string | null>(null);

  const load = () =>
    eventsApi.products().then(
      (r) => setProducts(r.products),
      () => setProducts('failed'),
    );
  useEffect(() => {
    void load();
  }, []);
  useEffect(() => {
    if (focusAfterRender.current === null) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  // The chosen event's dates at the chosen venue (not cancelled), for "Sold with one date".
  const [eventDates, setEventDates] = useState<{ featureId: string; list: AdminPresentation[] }>({
    featureId: '',
    list: [],
  });
  useEffect(() => {
    const featureId = form.featureId;
    if (!featureId || eventDates.featureId === featureId) return;
    eventsApi.presentations(Number(featureId), undefined, 500).then(
      (r) => setEventDates({ featureId, list: r.presentations }),
      () => setEventDates({ featureId, list: [] }),
    );
  }, [form.featureId, eventDates.featureId]);

  const venueOf = (venueId: number) => venueList.find((v) => v.id === venueId);
  // The venues may arrive after the form: a new product's venue is the first one until another is chosen.
  const venueId = form.venueId || String(venueList[0]?.id ?? '');
  const chosenVenue = venueOf(Number(venueId));
  /** The events a product at the chosen venue may be sold with: its business's. */
  const eventsHere = featureList.filter((f) => !chosenVenue || f.businessId === chosenVenue.businessId);
  const datesHere =
    eventDates.featureId === form.featureId
      ? eventDates.list.filter((d) => d.venueId === Number(venueId) && d.status !== 'cancelled')
      : [];
  const money = (agorot: number) => formatShekels(agorot, locale);

  const startEdit = (product: AdminProduct) => {
    clear();
    setErrors({});
    setEditing(product);
    setForm(formOf(product, undefined));
    // The form's heading takes the focus, so the keyboard goes on where the form is.
    setTimeout(() => formTitleRef.current?.focus(), 0);
  };
  const stopEdit = (focusId?: string) => {
    setEditing(null);
    setErrors({});
    setForm(formOf(null, venueList[0]?.id));
    if (focusId) focusAfterRender.current = focusId;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const l of ['he', 'en'] as const) if (!form.name[l].trim()) found[id(`name-${l}`)] = t(`${K}.required`);
    const priceAgorot = shekelsTextToAgorot(form.price);
    if (priceAgorot === null || priceAgorot > PRICE_MAX_AGOROT)
      found[id('price')] = t(`${K}.amount`, { max: agorotToShekels(PRICE_MAX_AGOROT).toLocaleString(locale) });
    const stock = optionalWhole(form.stock, STOCK);
    const perOrder = optionalWhole(form.perOrder, PER_ORDER);
    if (stock === undefined) found[id('stock')] = t(`${K}.wholeNumber`, STOCK);
    if (perOrder === undefined) found[id('perOrder')] = t(`${K}.wholeNumber`, PER_ORDER);
    setErrors(found);
    if (Object.keys(found).length || priceAgorot === null || stock === undefined || perOrder === undefined) {
      focusFirst(ORDER, found);
      return;
    }
    const input: AdminProductInput = {
      venueId: Number(venueId),
      featureId: form.featureId ? Number(form.featureId) : null,
      presentationId: form.featureId && form.presentationId ? Number(form.presentationId) : null,
      name: { he: form.name.he.trim(), en: form.name.en.trim(), ru: form.name.ru.trim(), ar: form.name.ar.trim() },
      priceAgorot,
      icon: form.icon,
      active: form.active,
      stock,
      perOrder,
    };
    clear();
    setBusy(true);
    // The saved product's Edit button takes the focus once the buttons are enabled again.
    let focusId: string | undefined;
    try {
      if (editing) {
        const { venueId: _venue, ...fields } = input;
        const saved = await eventsApi.updateProduct(editing.id, { ...fields, revision: editing.revision });
        setNotice(t(`${P}.saved`, { name: nameIn(saved.name, locale) }));
        stopEdit();
        focusId = editButtonId(saved.id);
      } else {
        const created = await eventsApi.createProduct(input);
        setNotice(t(`${P}.created`, { name: nameIn(created.name, locale) }));
        setForm(formOf(null, Number(venueId)));
      }
      await load();
    } catch (e) {
      setRefusal(errorText(e, t(`${K}.actionFailed`)));
    } finally {
      setBusy(false);
      if (focusId) focusAfterRender.current = focusId;
    }
  };

  return (
    // Not a landmark of its own: its table is the region named by this heading.
    <section className="bo-card" data-testid="bo-products">
      <h3 id="bo-products-title">{t(`${P}.title`)}</h3>
      <p className="bo-hint">{t(`${P}.intro`)}</p>
      <AdminMessages testId="bo-products" notice={notice} refusal={refusal} refusalRef={refusalRef} />
      {products === null && <p role="status">{t(`${P}.loading`)}</p>}
      {products === 'failed' && <p role="alert">{t(`${P}.failed`)}</p>}
      {Array.isArray(products) &&
        (products.length === 0 ? (
          <p>{t(`${P}.empty`)}</p>
        ) : (
          <div className="bo-table-wrap" role="region" aria-labelledby="bo-products-title" tabIndex={0}>
            <table className="bo-table bo-product-table">
              <thead>
                <tr>
                  <th scope="col">{t(`${P}.columns.product`)}</th>
                  <th scope="col">{t(`${P}.columns.venue`)}</th>
                  <th scope="col">{t(`${P}.columns.event`)}</th>
                  <th scope="col">{t(`${P}.columns.price`)}</th>
                  <th scope="col">{t(`${P}.columns.stock`)}</th>
                  <th scope="col">{t(`${P}.columns.sold`)}</th>
                  <th scope="col">{t(`${K}.columns.actions`)}</th>
                </tr>
              </thead>
              <tbody>
                {products.map((p) => {
                  const venue = venueOf(p.venueId);
                  const feature = featureList.find((f) => f.id === p.featureId);
                  return (
                    <tr key={p.id} data-testid={`bo-product-${p.id}`}>
                      <th scope="row">
                        <Named names={p.name} locale={locale} />
                        <span className="bo-hint">
                          {' · '}
                          {t(`${P}.icon.${p.icon}`)}
                        </span>
                      </th>
                      <td>
                        {venue ? (
                          <Named names={venue.name} locale={locale} />
                        ) : (
                          t(`${P}.venueNumber`, { id: p.venueId })
                        )}
                      </td>
                      <td>
                        {p.featureId === null ? (
                          t(`${P}.everyEvent`)
                        ) : feature ? (
                          <Named names={feature.name} locale={locale} />
                        ) : (
                          t(`${P}.eventNumber`, { id: p.featureId })
                        )}
                        {p.presentationStartsAt && (
                          <span className="bo-hint">
                            {' · '}
                            {t(`${P}.onlyOn`, { date: formatJerusalemDateTime(p.presentationStartsAt, locale) })}
                          </span>
                        )}
                      </td>
                      <td>{money(p.priceAgorot)}</td>
                      <td data-testid={`bo-product-${p.id}-stock`}>
                        {p.stock === null
                          ? t(`${P}.soldNoStock`, { sold: p.sold.toLocaleString(locale) })
                          : t(`${P}.soldOfStock`, {
                              sold: p.sold.toLocaleString(locale),
                              stock: p.stock.toLocaleString(locale),
                            })}
                        {p.perOrder !== null && (
                          <span className="bo-hint">
                            {' · '}
                            {t(`${P}.perOrderShown`, { max: p.perOrder.toLocaleString(locale) })}
                          </span>
                        )}
                      </td>
                      <td>
                        <span className={`bo-event-status bo-event-status--${p.active ? 'published' : 'draft'}`}>
                          {t(p.active ? `${P}.onSale` : `${P}.offSale`)}
                        </span>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button"
                          id={editButtonId(p.id)}
                          disabled={busy}
                          onClick={() => startEdit(p)}
                        >
                          {t(`${P}.edit`)}
                          <span className="visually-hidden">
                            {': '}
                            <Named names={p.name} locale={locale} />
                          </span>
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}

      <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="bo-product-form-title">
        <h4 id="bo-product-form-title" tabIndex={-1} ref={formTitleRef}>
          {editing ? (
            <>
              {t(`${P}.editTitle`)} <Named names={editing.name} locale={locale} />
            </>
          ) : (
            t(`${P}.newTitle`)
          )}
        </h4>
        {venueList.length === 0 && !editing ? (
          <p>{t(`${P}.noVenue`)}</p>
        ) : (
          <>
            <div className="bo-event-fields">
              <Field id={id('venue')} label={t(`${K}.venue`)} hint={editing ? t(`${P}.venueFixed`) : undefined}>
                {(aria) => (
                  <select
                    id={id('venue')}
                    value={venueId}
                    disabled={!!editing}
                    onChange={(e) =>
                      setForm((f) => ({ ...f, venueId: e.target.value, featureId: '', presentationId: '' }))
                    }
                    {...aria}
                  >
                    {venueList.map((v) => (
                      <option key={v.id} value={v.id}>
                        {nameIn(v.name, locale)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id={id('event')} label={t(`${P}.event`)} hint={t(`${P}.eventHint`)}>
                {(aria) => (
                  <select
                    id={id('event')}
                    value={form.featureId}
                    onChange={(e) => setForm((f) => ({ ...f, featureId: e.target.value, presentationId: '' }))}
                    {...aria}
                  >
                    <option value="">{t(`${P}.everyEvent`)}</option>
                    {eventsHere.map((f) => (
                      <option key={f.id} value={f.id}>
                        {nameIn(f.name, locale)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {form.featureId && (
                <Field id={id('date')} label={t(`${P}.date`)} hint={t(`${P}.dateHint`)}>
                  {(aria) => (
                    <select
                      id={id('date')}
                      value={form.presentationId}
                      onChange={(e) => setForm((f) => ({ ...f, presentationId: e.target.value }))}
                      {...aria}
                    >
                      <option value="">{t(`${P}.everyDate`)}</option>
                      {datesHere.map((d) => (
                        <option key={d.id} value={d.id}>
                          {formatJerusalemDateTime(d.startsAt, locale)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}
              {LANGUAGES.map((l) => (
                <Field key={l} id={id(`name-${l}`)} label={t(`${K}.name.${l}`)} error={errors[id(`name-${l}`)]}>
                  {(aria) => (
                    <input
                      id={id(`name-${l}`)}
                      lang={l}
                      dir={DIRECTION[l]}
                      maxLength={NAME_MAX}
                      required={l === 'he' || l === 'en'}
                      value={form.name[l]}
                      onChange={(e) => setForm((f) => ({ ...f, name: { ...f.name, [l]: e.target.value } }))}
                      {...aria}
                    />
                  )}
                </Field>
              ))}
              <Field id={id('price')} label={t(`${P}.price`)} hint={t(`${P}.priceHint`)} error={errors[id('price')]}>
                {(aria) => (
                  <input
                    id={id('price')}
                    inputMode="decimal"
                    dir="ltr"
                    required
                    value={form.price}
                    onChange={(e) => setForm((f) => ({ ...f, price: e.target.value }))}
                    {...aria}
                  />
                )}
              </Field>
              <Field id={id('stock')} label={t(`${P}.stock`)} hint={t(`${P}.stockHint`)} error={errors[id('stock')]}>
                {(aria) => (
                  <input
                    id={id('stock')}
                    type="number"
                    inputMode="numeric"
                    min={STOCK.min}
                    max={STOCK.max}
                    value={form.stock}
                    onChange={(e) => setForm((f) => ({ ...f, stock: e.target.value }))}
                    {...aria}
                  />
                )}
              </Field>
              <Field
                id={id('perOrder')}
                label={t(`${P}.perOrder`)}
                hint={t(`${P}.perOrderHint`)}
                error={errors[id('perOrder')]}
              >
                {(aria) => (
                  <input
                    id={id('perOrder')}
                    type="number"
                    inputMode="numeric"
                    min={PER_ORDER.min}
                    max={PER_ORDER.max}
                    value={form.perOrder}
                    onChange={(e) => setForm((f) => ({ ...f, perOrder: e.target.value }))}
                    {...aria}
                  />
                )}
              </Field>
              <Field id={id('icon')} label={t(`${P}.picture`)}>
                {(aria) => (
                  <select
                    id={id('icon')}
                    value={form.icon}
                    onChange={(e) => setForm((f) => ({ ...f, icon: e.target.value as ProductIcon }))}
                    {...aria}
                  >
                    {ICONS.map((icon) => (
                      <option key={icon} value={icon}>
                        {t(`${P}.icon.${icon}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <div className="bo-event-check">
              <input
                id={id('active')}
                type="checkbox"
                checked={form.active}
                aria-describedby={id('active-hint')}
                onChange={(e) => setForm((f) => ({ ...f, active: e.target.checked }))}
              />
              <label htmlFor={id('active')}>{t(`${P}.active`)}</label>
            </div>
            <p id={id('active-hint')} className="bo-hint">
              {t(`${P}.activeHint`)}
            </p>
            <div className="bo-actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {editing ? t(`${P}.save`) : t(`${P}.create`)}
              </button>
              {editing && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => stopEdit(editButtonId(editing.id))}
                >
                  {t(`${K}.closeForm`)}
                </button>
              )}
            </div>
          </>
        )}
      </form>
    </section>
  );
}
