import { useState, type FormEvent, type ReactNode } from 'react';
import type { AdminMemberPrices } from '@hotline/shared';
import { DateEditorForm } from './DateEditorForm';
import { AmountField, NumberField, useDateForm, type DateFormProps } from './date-form';
import { K, wholeNumber } from './event-ui';
import { agorotToText } from './money-input';

const M = `${K}.memberPrices`;
const UNITS = { min: 1, max: 10 };

/**
 * "Member prices" for one date, draft or on sale: for each zone the date prices, the price a member pays and how
 * many units of the member's balance each ticket draws (docs/memberships.md), prefilled where the zone has one. A
 * zone left empty is not sent (its member price, if any, stays). The first price takes the focus; Escape closes it.
 */
export function MemberPriceForm({
  presentation,
  when,
  busy,
  locale,
  zoneLabel,
  onSave,
  onClose,
}: DateFormProps<(zones: AdminMemberPrices['zones']) => Promise<boolean>> & {
  zoneLabel: (zoneId: number) => ReactNode;
}) {
  const { t, errors, firstRef, id, refused, tooMuch, amount } = useDateForm<HTMLInputElement>(
    'bo-members',
    presentation.id,
    locale,
  );
  const zones = presentation.prices
    .filter((z) => z.tickets.some((x) => !x.code))
    .map((z) => ({ zoneId: z.zoneId, member: z.tickets.find((x) => x.memberUnits) }));
  const [typed, setTyped] = useState<Record<number, { price: string; units: string }>>(() =>
    Object.fromEntries(
      zones.map((z) => [
        z.zoneId,
        { price: z.member ? agorotToText(z.member.priceAgorot) : '', units: String(z.member?.memberUnits ?? 1) },
      ]),
    ),
  );
  const order = zones.flatMap((z) => [id(`${z.zoneId}-price`), id(`${z.zoneId}-units`)]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const out: AdminMemberPrices['zones'] = [];
    for (const { zoneId } of zones) {
      const entry = typed[zoneId]!;
      if (!entry.price.trim()) continue;
      const priceAgorot = amount(entry.price);
      const units = wholeNumber(entry.units, UNITS.min, UNITS.max);
      if (priceAgorot === null) found[id(`${zoneId}-price`)] = tooMuch;
      if (units === null) found[id(`${zoneId}-units`)] = t(`${K}.wholeNumber`, UNITS);
      if (priceAgorot !== null && units !== null) out.push({ zoneId, priceAgorot, units });
    }
    if (!Object.keys(found).length && out.length === 0 && order[0]) found[order[0]] = t(`${M}.none`);
    if (refused(found, order)) return;
    await onSave(out);
  };

  const set = (zoneId: number, field: 'price' | 'units', value: string) =>
    setTyped((all) => ({ ...all, [zoneId]: { ...all[zoneId]!, [field]: value } }));

  return (
    <DateEditorForm
      name="bo-members"
      presentationId={presentation.id}
      title={t(`${M}.title`, { date: when })}
      hint={t(`${M}.hint`)}
      saveLabel={t(`${M}.save`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      {zones.map(({ zoneId }, i) => (
        <fieldset key={zoneId} className="bo-event-price-change">
          <legend>{zoneLabel(zoneId)}</legend>
          <AmountField
            id={id(`${zoneId}-price`)}
            label={t(`${M}.price`)}
            error={errors[id(`${zoneId}-price`)]}
            value={typed[zoneId]!.price}
            onChange={(value) => set(zoneId, 'price', value)}
            firstRef={i === 0 ? firstRef : undefined}
          />
          <NumberField
            id={id(`${zoneId}-units`)}
            label={t(`${M}.units`)}
            hint={t(`${M}.unitsHint`)}
            error={errors[id(`${zoneId}-units`)]}
            bounds={UNITS}
            value={typed[zoneId]!.units}
            onChange={(value) => set(zoneId, 'units', value)}
          />
        </fieldset>
      ))}
    </DateEditorForm>
  );
}
