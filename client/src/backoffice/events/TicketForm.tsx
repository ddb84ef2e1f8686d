import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { agorotToShekels, type AdminPresentation, type AdminTicketInput } from '@hotline/shared';
import type { SupportedLocale } from '../../lib/rules';
import { DateEditorForm } from './DateEditorForm';
import { Field, K, focusFirst, wholeNumber } from './event-ui';
import { MAX_AGOROT, shekelsTextToAgorot } from './money-input';

const T = `${K}.tickets`;
/** Seats one ticket covers: 1 a single seat, 2 a couple ticket, up to a family's 10 (the API's bounds). */
const SEATS = { min: 1, max: 10 };
const LANGS = ['he', 'en', 'ru', 'ar'] as const;
/** Hebrew and English names are required (the storefront falls back to English); no < or > (the API refuses them). */
const REQUIRED: readonly string[] = ['he', 'en'];
const NAME_MAX = 120;

/**
 * "Add a ticket" for one date, draft or on sale: one more ticket on a zone the date prices, listed to every buyer
 * (not a coupon), with its name in four languages, price, service charge and how many seats one ticket covers (a
 * couple ticket: 2; the storefront then asks for that many seats and the price is charged once per unit). Tickets
 * already sold are not touched. The zone takes the focus when it opens; Escape closes it.
 */
export function TicketForm({
  presentation,
  when,
  busy,
  locale,
  zoneText,
  onSave,
  onClose,
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  locale: SupportedLocale;
  zoneText: (zoneId: number) => string;
  onSave: (zoneId: number, ticket: AdminTicketInput['ticket']) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const zones = presentation.prices.filter((z) => z.tickets.length > 0).map((z) => z.zoneId);
  const [zoneId, setZoneId] = useState(String(zones[0] ?? ''));
  const [names, setNames] = useState({ he: '', en: '', ru: '', ar: '' });
  const [price, setPrice] = useState('');
  const [charge, setCharge] = useState('');
  const [seats, setSeats] = useState('2');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const firstRef = useRef<HTMLSelectElement>(null);
  const id = (field: string) => `bo-tickets-${presentation.id}-${field}`;
  const order = [id('zone'), ...LANGS.map((l) => id(`name-${l}`)), id('price'), id('charge'), id('seats')];

  useEffect(() => firstRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const lang of LANGS) {
      const text = names[lang].trim();
      if (REQUIRED.includes(lang) && !text) found[id(`name-${lang}`)] = t(`${K}.required`);
      else if (/[<>]/.test(text) || text.length > NAME_MAX) found[id(`name-${lang}`)] = t(`${T}.nameInvalid`);
    }
    const tooMuch = t(`${K}.amount`, { max: agorotToShekels(MAX_AGOROT).toLocaleString(locale) });
    const priceAgorot = shekelsTextToAgorot(price);
    const chargeAgorot = charge.trim() === '' ? 0 : shekelsTextToAgorot(charge);
    const multiplyFactor = wholeNumber(seats, SEATS.min, SEATS.max);
    if (priceAgorot === null) found[id('price')] = tooMuch;
    if (chargeAgorot === null) found[id('charge')] = tooMuch;
    if (multiplyFactor === null) found[id('seats')] = t(`${K}.wholeNumber`, SEATS);
    if (!zoneId) found[id('zone')] = t(`${K}.required`);
    setErrors(found);
    if (Object.keys(found).length || priceAgorot === null || chargeAgorot === null || multiplyFactor === null) {
      focusFirst(order, found);
      return;
    }
    const trimmed = { he: names.he.trim(), en: names.en.trim(), ru: names.ru.trim(), ar: names.ar.trim() };
    await onSave(Number(zoneId), {
      name: trimmed,
      priceAgorot,
      serviceChargeAgorot: chargeAgorot,
      multiplyFactor,
    });
  };

  return (
    <DateEditorForm
      name="bo-tickets"
      presentationId={presentation.id}
      title={t(`${T}.title`, { date: when })}
      hint={t(presentation.status === 'published' ? `${T}.hintOnSale` : `${T}.hintDraft`)}
      saveLabel={t(`${T}.save`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Field id={id('zone')} label={t(`${T}.zone`)} error={errors[id('zone')]}>
        {(aria) => (
          <select id={id('zone')} ref={firstRef} value={zoneId} onChange={(e) => setZoneId(e.target.value)} {...aria}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {zoneText(z)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="bo-event-price-change">
        <legend>{t(`${T}.name`)}</legend>
        {LANGS.map((lang) => (
          <Field key={lang} id={id(`name-${lang}`)} label={t(`${T}.nameIn.${lang}`)} error={errors[id(`name-${lang}`)]}>
            {(aria) => (
              <input
                id={id(`name-${lang}`)}
                lang={lang}
                dir={lang === 'he' || lang === 'ar' ? 'rtl' : 'ltr'}
                autoComplete="off"
                maxLength={NAME_MAX}
                value={names[lang]}
                onChange={(e) => setNames((all) => ({ ...all, [lang]: e.target.value }))}
                {...aria}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <Field id={id('price')} label={t(`${K}.priceColumns.price`)} error={errors[id('price')]}>
        {(aria) => (
          <input
            id={id('price')}
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            {...aria}
          />
        )}
      </Field>
      <Field id={id('charge')} label={t(`${K}.priceColumns.charge`)} error={errors[id('charge')]}>
        {(aria) => (
          <input
            id={id('charge')}
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            value={charge}
            onChange={(e) => setCharge(e.target.value)}
            {...aria}
          />
        )}
      </Field>
      <Field id={id('seats')} label={t(`${T}.seats`)} hint={t(`${T}.seatsHint`)} error={errors[id('seats')]}>
        {(aria) => (
          <input
            id={id('seats')}
            type="number"
            inputMode="numeric"
            min={SEATS.min}
            max={SEATS.max}
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
            {...aria}
          />
        )}
      </Field>
    </DateEditorForm>
  );
}
