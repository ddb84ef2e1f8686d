import { useState, type FormEvent, type ReactNode } from 'react';
import type { AdminPriceChange } from '@hotline/shared';
import { DateEditorForm } from './DateEditorForm';
import { AmountField, useDateForm, type DateFormProps } from './date-form';
import { K, Named } from './event-ui';
import { agorotToText } from './money-input';

type Typed = Record<number, { price: string; charge: string }>;

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
}: DateFormProps<(tickets: AdminPriceChange['tickets']) => Promise<boolean>> & {
  zoneLabel: (zoneId: number) => ReactNode;
}) {
  const { t, errors, firstRef, id, refused, tooMuch, amount } = useDateForm<HTMLInputElement>(
    'bo-prices',
    presentation.id,
    locale,
  );
  const tickets = presentation.prices.flatMap((zone) =>
    zone.tickets.filter((x) => x.ticketId !== undefined).map((ticket) => ({ zoneId: zone.zoneId, ticket })),
  );
  const [typed, setTyped] = useState<Typed>(() =>
    Object.fromEntries(
      tickets.map(({ ticket }) => [
        ticket.ticketId!,
        { price: agorotToText(ticket.priceAgorot), charge: agorotToText(ticket.serviceChargeAgorot) },
      ]),
    ),
  );
  const fieldIds = tickets.flatMap(({ ticket }) => [id(`${ticket.ticketId}-price`), id(`${ticket.ticketId}-charge`)]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const changes: AdminPriceChange['tickets'] = [];
    for (const { ticket } of tickets) {
      const ticketId = ticket.ticketId!;
      const price = amount(typed[ticketId]!.price);
      const charge = amount(typed[ticketId]!.charge, true);
      if (price === null) found[id(`${ticketId}-price`)] = tooMuch;
      if (charge === null) found[id(`${ticketId}-charge`)] = tooMuch;
      if (price === null || charge === null) continue;
      if (price !== ticket.priceAgorot || charge !== ticket.serviceChargeAgorot)
        changes.push({ ticketId, priceAgorot: price, serviceChargeAgorot: charge });
    }
    // Saving the same amounts would change nothing but the date's revision.
    if (!Object.keys(found).length && changes.length === 0 && fieldIds[0])
      found[fieldIds[0]] = t(`${K}.pricesUnchanged`);
    if (refused(found, fieldIds)) return;
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
            <AmountField
              id={id(`${ticketId}-price`)}
              label={t(`${K}.priceColumns.price`)}
              error={errors[id(`${ticketId}-price`)]}
              value={typed[ticketId]!.price}
              onChange={(value) => set(ticketId, 'price', value)}
              firstRef={i === 0 ? firstRef : undefined}
            />
            <AmountField
              id={id(`${ticketId}-charge`)}
              label={t(`${K}.priceColumns.charge`)}
              error={errors[id(`${ticketId}-charge`)]}
              value={typed[ticketId]!.charge}
              onChange={(value) => set(ticketId, 'charge', value)}
            />
          </fieldset>
        );
      })}
    </DateEditorForm>
  );
}
