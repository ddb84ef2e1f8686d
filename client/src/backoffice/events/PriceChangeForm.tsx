import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { agorotToShekels, type AdminPresentation, type AdminPriceChange } from '@hotline/shared';
import type { SupportedLocale } from '../../lib/rules';
import { DateEditorForm } from './DateEditorForm';
import { Field, K, Named, focusFirst } from './event-ui';
import { MAX_AGOROT, shekelsTextToAgorot } from './money-input';

type Typed = Record<number, { price: string; charge: string }>;

/** An amount in agorot as the form shows it to be edited ("150", "149.90"). */
const asText = (agorot: number) => (agorot % 100 === 0 ? String(agorot / 100) : agorotToShekels(agorot).toFixed(2));

/**
 * "Change prices" for one date, draft or published: every ticket it has (coupons too), its price and service charge
 * prefilled. Only the tickets whose amounts change are sent. The hint says what the server guarantees: tickets sold
 * keep what was paid, so on a date on sale the new prices apply to new sales. The first price takes the focus when
 * it opens; Escape closes it. `onSave` answers whether the server took it.
 */
export function PriceChangeForm({
  presentation,
  when,
  busy,
  locale,
  zoneLabel,
  onSave,
  onClose,
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  locale: SupportedLocale;
  zoneLabel: (zoneId: number) => ReactNode;
  onSave: (tickets: AdminPriceChange['tickets']) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tickets = presentation.prices.flatMap((zone) =>
    zone.tickets.filter((x) => x.ticketId !== undefined).map((ticket) => ({ zoneId: zone.zoneId, ticket })),
  );
  const [typed, setTyped] = useState<Typed>(() =>
    Object.fromEntries(
      tickets.map(({ ticket }) => [
        ticket.ticketId!,
        { price: asText(ticket.priceAgorot), charge: asText(ticket.serviceChargeAgorot) },
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const firstRef = useRef<HTMLInputElement>(null);
  const id = (field: string) => `bo-prices-${presentation.id}-${field}`;
  const fieldIds = tickets.flatMap(({ ticket }) => [id(`${ticket.ticketId}-price`), id(`${ticket.ticketId}-charge`)]);

  useEffect(() => firstRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const changes: AdminPriceChange['tickets'] = [];
    const tooMuch = t(`${K}.amount`, { max: agorotToShekels(MAX_AGOROT).toLocaleString(locale) });
    for (const { ticket } of tickets) {
      const ticketId = ticket.ticketId!;
      const price = shekelsTextToAgorot(typed[ticketId]!.price);
      const charge = typed[ticketId]!.charge.trim() === '' ? 0 : shekelsTextToAgorot(typed[ticketId]!.charge);
      if (price === null) found[id(`${ticketId}-price`)] = tooMuch;
      if (charge === null) found[id(`${ticketId}-charge`)] = tooMuch;
      if (price === null || charge === null) continue;
      if (price !== ticket.priceAgorot || charge !== ticket.serviceChargeAgorot)
        changes.push({ ticketId, priceAgorot: price, serviceChargeAgorot: charge });
    }
    // Saving the same amounts would change nothing but the date's revision.
    if (!Object.keys(found).length && changes.length === 0 && fieldIds[0])
      found[fieldIds[0]] = t(`${K}.pricesUnchanged`);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirst(fieldIds, found);
      return;
    }
    await onSave(changes);
  };

  const set = (ticketId: number, field: 'price' | 'charge', value: string) =>
    setTyped((all) => ({ ...all, [ticketId]: { ...all[ticketId]!, [field]: value } }));

  return (
    <DateEditorForm
      name="bo-prices"
      presentationId={presentation.id}
      title={t(`${K}.pricesTitle`, { date: when })}
      hint={t(presentation.status === 'published' ? `${K}.pricesHintOnSale` : `${K}.pricesHintDraft`)}
      saveLabel={t(`${K}.savePrices`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      {tickets.map(({ zoneId, ticket }, i) => {
        const ticketId = ticket.ticketId!;
        return (
          <fieldset key={ticketId} className="bo-event-price-change">
            <legend>
              {ticket.memberUnits ? (
                t(`${K}.memberPrices.shown`)
              ) : ticket.code ? (
                <>
                  {t(`${K}.coupon.shown`)}{' '}
                  <bdi dir="ltr" translate="no">
                    {ticket.code}
                  </bdi>
                </>
              ) : (
                <Named names={ticket.name} locale={locale} />
              )}
              {', '}
              {zoneLabel(zoneId)}
            </legend>
            <Field
              id={id(`${ticketId}-price`)}
              label={t(`${K}.priceColumns.price`)}
              error={errors[id(`${ticketId}-price`)]}
            >
              {(aria) => (
                <input
                  id={id(`${ticketId}-price`)}
                  ref={i === 0 ? firstRef : undefined}
                  inputMode="decimal"
                  autoComplete="off"
                  value={typed[ticketId]!.price}
                  onChange={(e) => set(ticketId, 'price', e.target.value)}
                  {...aria}
                />
              )}
            </Field>
            <Field
              id={id(`${ticketId}-charge`)}
              label={t(`${K}.priceColumns.charge`)}
              error={errors[id(`${ticketId}-charge`)]}
            >
              {(aria) => (
                <input
                  id={id(`${ticketId}-charge`)}
                  inputMode="decimal"
                  autoComplete="off"
                  value={typed[ticketId]!.charge}
                  onChange={(e) => set(ticketId, 'charge', e.target.value)}
                  {...aria}
                />
              )}
            </Field>
          </fieldset>
        );
      })}
    </DateEditorForm>
  );
}
