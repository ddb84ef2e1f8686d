import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { agorotToShekels, type AdminMemberPrices, type AdminPresentation } from '@hotline/shared';
import type { SupportedLocale } from '../../lib/rules';
import { DateEditorForm } from './DateEditorForm';
import { Field, K, focusFirst, wholeNumber } from './event-ui';
import { MAX_AGOROT, shekelsTextToAgorot } from './money-input';

const M = `${K}.memberPrices`;
const UNITS = { min: 1, max: 10 };
const asText = (agorot: number) => (agorot % 100 === 0 ? String(agorot / 100) : agorotToShekels(agorot).toFixed(2));

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
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  locale: SupportedLocale;
  zoneLabel: (zoneId: number) => ReactNode;
  onSave: (zones: AdminMemberPrices['zones']) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const zones = presentation.prices
    .filter((z) => z.tickets.some((x) => !x.code))
    .map((z) => ({ zoneId: z.zoneId, member: z.tickets.find((x) => x.memberUnits) }));
  const [typed, setTyped] = useState<Record<number, { price: string; units: string }>>(() =>
    Object.fromEntries(
      zones.map((z) => [
        z.zoneId,
        { price: z.member ? asText(z.member.priceAgorot) : '', units: String(z.member?.memberUnits ?? 1) },
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const firstRef = useRef<HTMLInputElement>(null);
  const id = (field: string) => `bo-members-${presentation.id}-${field}`;
  const order = zones.flatMap((z) => [id(`${z.zoneId}-price`), id(`${z.zoneId}-units`)]);

  useEffect(() => firstRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const out: AdminMemberPrices['zones'] = [];
    for (const { zoneId } of zones) {
      const entry = typed[zoneId]!;
      if (!entry.price.trim()) continue;
      const priceAgorot = shekelsTextToAgorot(entry.price);
      const units = wholeNumber(entry.units, UNITS.min, UNITS.max);
      if (priceAgorot === null)
        found[id(`${zoneId}-price`)] = t(`${K}.amount`, { max: agorotToShekels(MAX_AGOROT).toLocaleString(locale) });
      if (units === null) found[id(`${zoneId}-units`)] = t(`${K}.wholeNumber`, UNITS);
      if (priceAgorot !== null && units !== null) out.push({ zoneId, priceAgorot, units });
    }
    if (!Object.keys(found).length && out.length === 0 && order[0]) found[order[0]] = t(`${M}.none`);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirst(order, found);
      return;
    }
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
          <Field id={id(`${zoneId}-price`)} label={t(`${M}.price`)} error={errors[id(`${zoneId}-price`)]}>
            {(aria) => (
              <input
                id={id(`${zoneId}-price`)}
                ref={i === 0 ? firstRef : undefined}
                inputMode="decimal"
                dir="ltr"
                autoComplete="off"
                value={typed[zoneId]!.price}
                onChange={(e) => set(zoneId, 'price', e.target.value)}
                {...aria}
              />
            )}
          </Field>
          <Field
            id={id(`${zoneId}-units`)}
            label={t(`${M}.units`)}
            hint={t(`${M}.unitsHint`)}
            error={errors[id(`${zoneId}-units`)]}
          >
            {(aria) => (
              <input
                id={id(`${zoneId}-units`)}
                type="number"
                inputMode="numeric"
                min={UNITS.min}
                max={UNITS.max}
                value={typed[zoneId]!.units}
                onChange={(e) => set(zoneId, 'units', e.target.value)}
                {...aria}
              />
            )}
          </Field>
        </fieldset>
      ))}
    </DateEditorForm>
  );
}
