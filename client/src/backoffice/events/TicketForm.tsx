import { useState, type FormEvent } from 'react';
import type { AdminTicketInput } from '@hotline/shared';
import { DateEditorForm } from './DateEditorForm';
import { AmountField, NumberField, useDateForm, type DateFormProps } from './date-form';
import { Field, K, wholeNumber } from './event-ui';

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
}: DateFormProps<(zoneId: number, ticket: AdminTicketInput['ticket']) => Promise<boolean>> & {
  zoneText: (zoneId: number) => string;
}) {
  const { t, errors, firstRef, id, refused, tooMuch, amount } = useDateForm<HTMLSelectElement>(
    'bo-tickets',
    presentation.id,
    locale,
  );
  const zones = presentation.prices.filter((z) => z.tickets.length > 0).map((z) => z.zoneId);
  const [zoneId, setZoneId] = useState(String(zones[0] ?? ''));
  const [names, setNames] = useState({ he: '', en: '', ru: '', ar: '' });
  const [price, setPrice] = useState('');
  const [charge, setCharge] = useState('');
  const [seats, setSeats] = useState('2');
  const order = [id('zone'), ...LANGS.map((l) => id(`name-${l}`)), id('price'), id('charge'), id('seats')];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const lang of LANGS) {
      const text = names[lang].trim();
      if (REQUIRED.includes(lang) && !text) found[id(`name-${lang}`)] = t(`${K}.required`);
      else if (/[<>]/.test(text) || text.length > NAME_MAX) found[id(`name-${lang}`)] = t(`${T}.nameInvalid`);
    }
    const priceAgorot = amount(price);
    const chargeAgorot = amount(charge, true);
    const multiplyFactor = wholeNumber(seats, SEATS.min, SEATS.max);
    if (priceAgorot === null) found[id('price')] = tooMuch;
    if (chargeAgorot === null) found[id('charge')] = tooMuch;
    if (multiplyFactor === null) found[id('seats')] = t(`${K}.wholeNumber`, SEATS);
    if (!zoneId) found[id('zone')] = t(`${K}.required`);
    if (refused(found, order) || priceAgorot === null || chargeAgorot === null || multiplyFactor === null) return;
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
      <AmountField
        id={id('price')}
        label={t(`${K}.priceColumns.price`)}
        error={errors[id('price')]}
        value={price}
        onChange={setPrice}
      />
      <AmountField
        id={id('charge')}
        label={t(`${K}.priceColumns.charge`)}
        error={errors[id('charge')]}
        value={charge}
        onChange={setCharge}
      />
      <NumberField
        id={id('seats')}
        label={t(`${T}.seats`)}
        hint={t(`${T}.seatsHint`)}
        error={errors[id('seats')]}
        bounds={SEATS}
        value={seats}
        onChange={setSeats}
      />
    </DateEditorForm>
  );
}
