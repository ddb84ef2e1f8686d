import { useState, type FormEvent, type ReactNode } from 'react';
import {
  COUPON_CHANNELS,
  type AdminCouponTerms,
  type AdminNames,
  type AdminTicketPrice,
  type CouponChannel,
} from '@hotline/shared';
import { i18next } from '../../i18n';
import { DateEditorForm } from './DateEditorForm';
import { AmountField, NumberField, useDateForm, type DateFormProps } from './date-form';
import { Field, K, wholeNumber } from './event-ui';
import { asInstant, asLocal } from './israel-time-input';

const C = `${K}.coupons`;
const CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
const CAP = { min: 1, max: 1_000_000 };
const PER_ORDER = { min: 1, max: 50 };

/** What a coupon form saves: a new coupon on a zone, or an existing one's cap and terms. */
export type CouponSave =
  | { kind: 'new'; zoneId: number; coupon: AdminTicketPrice & { code: string } }
  | { kind: 'change'; ticketId: number; cap: number | null; terms: AdminCouponTerms };

interface Typed {
  zoneId: string;
  code: string;
  price: string;
  cap: string;
  perOrder: string;
  /** 'YYYY-MM-DDTHH:MM', Israel time; '' for open. */
  from: string;
  until: string;
  channels: Record<CouponChannel, boolean>;
  active: boolean;
}

const inEach = (key: string, code: string): AdminNames => ({
  he: i18next.t(key, { lng: 'he', code }),
  en: i18next.t(key, { lng: 'en', code }),
  ru: i18next.t(key, { lng: 'ru', code }),
  ar: i18next.t(key, { lng: 'ar', code }),
});

const typedOf = (coupon: (AdminTicketPrice & { zoneId: number }) | null, firstZone: number): Typed => ({
  zoneId: String(coupon?.zoneId ?? firstZone),
  code: coupon?.code ?? '',
  price: '',
  cap: coupon?.cap != null ? String(coupon.cap) : '',
  perOrder: coupon?.terms?.perOrder != null ? String(coupon.terms.perOrder) : '',
  from: asLocal(coupon?.terms?.validFrom ?? null),
  until: asLocal(coupon?.terms?.validUntil ?? null),
  channels: Object.fromEntries(
    COUPON_CHANNELS.map((c) => [c, !coupon?.terms?.channels || coupon.terms.channels.includes(c)]),
  ) as Record<CouponChannel, boolean>,
  active: coupon?.terms?.active ?? true,
});

/**
 * A date's coupons: pick one to change its cap and terms (on or off, from and until in Israel time, the channels it
 * is for, seats per order), or "New coupon" to add one on a zone the date prices (code and price too). Its uses so
 * far are shown beside each. The coupon list takes the focus when it opens; Escape closes it. `onSave` answers
 * whether the server took it.
 */
export function CouponForm({
  presentation,
  when,
  busy,
  locale,
  zoneLabel,
  zoneText,
  onSave,
  onClose,
}: DateFormProps<(save: CouponSave) => Promise<boolean>> & {
  zoneLabel: (zoneId: number) => ReactNode;
  zoneText: (zoneId: number) => string;
}) {
  const { t, errors, setErrors, firstRef, id, refused, tooMuch, amount } = useDateForm<HTMLSelectElement>(
    'bo-coupons',
    presentation.id,
    locale,
  );
  const coupons = presentation.prices.flatMap((z) =>
    z.tickets
      .filter((x) => x.code && !x.memberUnits && x.ticketId !== undefined)
      .map((x) => ({ ...x, zoneId: z.zoneId })),
  );
  const pricedZones = presentation.prices.filter((z) => z.tickets.length > 0).map((z) => z.zoneId);
  const [which, setWhich] = useState<string>(coupons[0] ? String(coupons[0].ticketId) : 'new');
  const chosen = coupons.find((c) => String(c.ticketId) === which) ?? null;
  const [typed, setTyped] = useState<Typed>(() => typedOf(chosen, pricedZones[0] ?? 0));
  const order = ['code', 'price', 'cap', 'perOrder', 'from', 'until', 'channels'].map(id);
  const number = (n: number) => n.toLocaleString(locale);

  const choose = (value: string) => {
    setWhich(value);
    setErrors({});
    setTyped(typedOf(coupons.find((c) => String(c.ticketId) === value) ?? null, pricedZones[0] ?? 0));
  };
  const set = (change: Partial<Typed>) => setTyped((x) => ({ ...x, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const code = typed.code.trim().toUpperCase();
    let priceAgorot: number | null = 0;
    if (!chosen) {
      if (!CODE.test(code)) found[id('code')] = t(`${K}.coupon.codeInvalid`);
      priceAgorot = amount(typed.price);
      if (priceAgorot === null) found[id('price')] = tooMuch;
    }
    const cap = typed.cap.trim() ? wholeNumber(typed.cap, CAP.min, CAP.max) : null;
    if (typed.cap.trim() && cap === null) found[id('cap')] = t(`${K}.wholeNumber`, CAP);
    const perOrder = typed.perOrder.trim() ? wholeNumber(typed.perOrder, PER_ORDER.min, PER_ORDER.max) : null;
    if (typed.perOrder.trim() && perOrder === null) found[id('perOrder')] = t(`${K}.wholeNumber`, PER_ORDER);
    const validFrom = asInstant(typed.from);
    const validUntil = asInstant(typed.until);
    if (validFrom === undefined) found[id('from')] = t(`${C}.notAMoment`);
    if (validUntil === undefined) found[id('until')] = t(`${C}.notAMoment`);
    if (validFrom && validUntil && Date.parse(validUntil) <= Date.parse(validFrom))
      found[id('until')] = t(`${C}.untilAfterFrom`);
    const picked = COUPON_CHANNELS.filter((c) => typed.channels[c]);
    if (picked.length === 0) found[id('channels')] = t(`${C}.channelNeeded`);
    if (refused(found, order) || priceAgorot === null || validFrom === undefined || validUntil === undefined) return;
    const terms: AdminCouponTerms = {
      active: typed.active,
      validFrom,
      validUntil,
      channels: picked.length === COUPON_CHANNELS.length ? null : picked,
      perOrder,
    };
    await onSave(
      chosen
        ? { kind: 'change', ticketId: chosen.ticketId!, cap, terms }
        : {
            kind: 'new',
            zoneId: Number(typed.zoneId),
            coupon: {
              name: inEach(`${C}.defaultName`, code),
              priceAgorot,
              serviceChargeAgorot: 0,
              code,
              cap,
              terms,
            },
          },
    );
  };

  return (
    <DateEditorForm
      name="bo-coupons"
      presentationId={presentation.id}
      title={t(`${C}.title`, { date: when })}
      hint={t(`${C}.hint`)}
      saveLabel={t(chosen ? `${C}.save` : `${C}.add`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Field id={id('which')} label={t(`${C}.which`)}>
        {(aria) => (
          <select id={id('which')} ref={firstRef} value={which} onChange={(e) => choose(e.target.value)} {...aria}>
            {coupons.map((c) => (
              <option key={c.ticketId} value={c.ticketId}>
                {`${c.code} · ${zoneText(c.zoneId)} · ${t(`${C}.used`, { used: number(c.used ?? 0) })}`}
                {c.terms?.active === false ? ` · ${t(`${C}.off`)}` : ''}
              </option>
            ))}
            <option value="new">{t(`${C}.new`)}</option>
          </select>
        )}
      </Field>
      {!chosen && (
        <>
          <Field id={id('zone')} label={t(`${K}.coupon.zone`)}>
            {(aria) => (
              <select id={id('zone')} value={typed.zoneId} onChange={(e) => set({ zoneId: e.target.value })} {...aria}>
                {pricedZones.map((z) => (
                  <option key={z} value={z}>
                    {zoneText(z)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={id('code')}
            label={t(`${K}.coupon.code`)}
            hint={t(`${K}.coupon.codeHint`)}
            error={errors[id('code')]}
          >
            {(aria) => (
              <input
                id={id('code')}
                dir="ltr"
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={32}
                value={typed.code}
                onChange={(e) => set({ code: e.target.value })}
                {...aria}
              />
            )}
          </Field>
          <AmountField
            id={id('price')}
            label={t(`${K}.coupon.price`)}
            error={errors[id('price')]}
            value={typed.price}
            onChange={(price) => set({ price })}
          />
        </>
      )}
      {chosen && (
        <p className="bo-hint">
          {zoneLabel(chosen.zoneId)}
          {' · '}
          {t(`${C}.used`, { used: number(chosen.used ?? 0) })}
        </p>
      )}
      <NumberField
        id={id('cap')}
        label={t(`${K}.coupon.cap`)}
        hint={t(`${C}.capHint`)}
        error={errors[id('cap')]}
        bounds={CAP}
        value={typed.cap}
        onChange={(cap) => set({ cap })}
      />
      <NumberField
        id={id('perOrder')}
        label={t(`${C}.perOrder`)}
        hint={t(`${C}.perOrderHint`)}
        error={errors[id('perOrder')]}
        bounds={PER_ORDER}
        value={typed.perOrder}
        onChange={(perOrder) => set({ perOrder })}
      />
      <Field id={id('from')} label={t(`${C}.from`)} hint={t(`${C}.windowHint`)} error={errors[id('from')]}>
        {(aria) => (
          <input
            id={id('from')}
            type="datetime-local"
            value={typed.from}
            onChange={(e) => set({ from: e.target.value })}
            {...aria}
          />
        )}
      </Field>
      <Field id={id('until')} label={t(`${C}.until`)} hint={t(`${C}.windowHint`)} error={errors[id('until')]}>
        {(aria) => (
          <input
            id={id('until')}
            type="datetime-local"
            value={typed.until}
            onChange={(e) => set({ until: e.target.value })}
            {...aria}
          />
        )}
      </Field>
      <fieldset
        className="bo-event-coupon-channels"
        aria-describedby={errors[id('channels')] ? `${id('channels')}-error` : undefined}
      >
        <legend>{t(`${C}.channels`)}</legend>
        {COUPON_CHANNELS.map((c, i) => (
          <div key={c} className="bo-event-check">
            <input
              id={i === 0 ? id('channels') : id(`channel-${c}`)}
              type="checkbox"
              checked={typed.channels[c]}
              onChange={(e) => set({ channels: { ...typed.channels, [c]: e.target.checked } })}
            />
            <label htmlFor={i === 0 ? id('channels') : id(`channel-${c}`)}>{t(`${C}.channel.${c}`)}</label>
          </div>
        ))}
        {errors[id('channels')] && (
          <span id={`${id('channels')}-error`} className="bo-event-error">
            {errors[id('channels')]}
          </span>
        )}
      </fieldset>
      <div className="bo-event-check">
        <input
          id={id('active')}
          type="checkbox"
          checked={typed.active}
          onChange={(e) => set({ active: e.target.checked })}
        />
        <label htmlFor={id('active')}>{t(`${C}.active`)}</label>
      </div>
    </DateEditorForm>
  );
}
