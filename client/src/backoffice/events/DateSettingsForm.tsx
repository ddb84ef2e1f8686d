import { useEffect, useState, type FormEvent } from 'react';
import {
  CANCELLATION_CHARGE_TYPES,
  type AdminDateSettings,
  type AdminDateSettingsResponse,
  type CancellationChargeType,
} from '@hotline/shared';
import { DateEditorForm } from './DateEditorForm';
import { AmountField, NumberField, useDateForm, type DateFormProps } from './date-form';
import { Field, K, wholeNumber } from './event-ui';
import { eventsApi } from './events-api';
import { agorotToText } from './money-input';

const S = `${K}.settings`;
const TERMS_MAX = 4000;
const MINUTES = { min: 0, max: 525_600 };
const DAYS = { min: 0, max: 3650 };
const isPercent = (type: CancellationChargeType) => type.startsWith('percent');

interface Typed {
  waiverOn: boolean;
  termsHe: string;
  termsEn: string;
  cancelOn: boolean;
  minutes: string;
  days: string;
  chargeType: CancellationChargeType;
  charge: string;
}

const typedOf = (s: AdminDateSettings): Typed => ({
  waiverOn: s.waiver !== null,
  termsHe: s.waiver?.terms.he ?? '',
  termsEn: s.waiver?.terms.en ?? '',
  cancelOn: s.cancellation?.customerMayCancel ?? false,
  minutes: String(s.cancellation?.minMinutesBeforeEvent ?? 1440),
  days: s.cancellation?.maxDaysAfterPurchase != null ? String(s.cancellation.maxDaysAfterPurchase) : '',
  chargeType: s.cancellation?.chargeType ?? 'none',
  charge: !s.cancellation
    ? ''
    : isPercent(s.cancellation.chargeType)
      ? String(s.cancellation.chargeValue)
      : s.cancellation.chargeType === 'none'
        ? ''
        : agorotToText(s.cancellation.chargeValue),
});

/**
 * A date's other settings, draft or on sale: a waiver every buyer signs before paying (its terms in Hebrew and
 * English) and whether buyers may cancel their orders themselves (until how long before the start, within how many
 * days of buying, and what it costs). Read from the server when it opens (with the date's latest revision); the
 * first field takes the focus; Escape closes it. `onSave` answers whether the server took it.
 */
export function DateSettingsForm({
  presentation,
  when,
  busy,
  locale,
  onSave,
  onClose,
}: DateFormProps<(revision: number, settings: AdminDateSettings) => Promise<boolean>>) {
  // The hook's focus on opening finds no field yet (they wait for the settings): the effect below focuses it.
  const { t, errors, firstRef, id, refused, tooMuch, amount } = useDateForm<HTMLInputElement>(
    'bo-settings',
    presentation.id,
    locale,
  );
  const [loaded, setLoaded] = useState<AdminDateSettingsResponse | null | 'failed'>(null);
  const [typed, setTyped] = useState<Typed | null>(null);
  const order = ['termsHe', 'termsEn', 'minutes', 'days', 'charge'].map(id);

  useEffect(() => {
    let live = true;
    eventsApi.settings(presentation.id).then(
      (r) => {
        if (!live) return;
        setLoaded(r);
        setTyped(typedOf(r.settings));
      },
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
    };
  }, [presentation.id]);
  // The first field takes the focus when the settings arrive (once: `ready` changes once).
  const ready = typed !== null;
  useEffect(() => {
    if (ready) firstRef.current?.focus();
  }, [ready, firstRef]);

  const set = (change: Partial<Typed>) => setTyped((x) => (x ? { ...x, ...change } : x));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed || !loaded || loaded === 'failed') return;
    const found: Record<string, string> = {};
    if (typed.waiverOn) {
      if (!typed.termsHe.trim()) found[id('termsHe')] = t(`${K}.required`);
      if (!typed.termsEn.trim()) found[id('termsEn')] = t(`${K}.required`);
      for (const [field, text] of [
        ['termsHe', typed.termsHe],
        ['termsEn', typed.termsEn],
      ] as const)
        if (/[<>]/.test(text)) found[id(field)] = t(`${K}.reasonInvalid`);
    }
    const minutes = wholeNumber(typed.minutes, MINUTES.min, MINUTES.max);
    const days = typed.days.trim() ? wholeNumber(typed.days, DAYS.min, DAYS.max) : null;
    let charge: number | null = 0;
    if (typed.cancelOn) {
      if (minutes === null) found[id('minutes')] = t(`${K}.wholeNumber`, MINUTES);
      if (typed.days.trim() && days === null) found[id('days')] = t(`${K}.wholeNumber`, DAYS);
      if (typed.chargeType === 'none') charge = 0;
      else if (isPercent(typed.chargeType)) {
        charge = wholeNumber(typed.charge, 0, 100);
        if (charge === null) found[id('charge')] = t(`${K}.wholeNumber`, { min: 0, max: 100 });
      } else {
        charge = amount(typed.charge);
        if (charge === null) found[id('charge')] = tooMuch;
      }
    }
    if (refused(found, order) || charge === null) return;
    await onSave(loaded.presentation.revision, {
      waiver: typed.waiverOn ? { terms: { he: typed.termsHe.trim(), en: typed.termsEn.trim() } } : null,
      cancellation: typed.cancelOn
        ? {
            customerMayCancel: true,
            minMinutesBeforeEvent: minutes ?? 0,
            maxDaysAfterPurchase: days,
            chargeType: typed.chargeType,
            chargeValue: charge,
          }
        : null,
    });
  };

  return (
    <DateEditorForm
      name="bo-settings"
      presentationId={presentation.id}
      title={t(`${S}.title`, { date: when })}
      hint={t(`${S}.hint`)}
      saveLabel={t(`${S}.save`)}
      busy={busy || !typed}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      {loaded === null && <p role="status">{t(`${S}.loading`)}</p>}
      {loaded === 'failed' && <p role="alert">{t(`${S}.failed`)}</p>}
      {typed && (
        <>
          <fieldset className="bo-event-coupon-channels">
            <legend>{t(`${S}.waiver`)}</legend>
            <div className="bo-event-check">
              <input
                id={id('waiverOn')}
                ref={firstRef}
                type="checkbox"
                checked={typed.waiverOn}
                onChange={(e) => set({ waiverOn: e.target.checked })}
              />
              <label htmlFor={id('waiverOn')}>{t(`${S}.waiverOn`)}</label>
            </div>
            {typed.waiverOn && (
              <div className="bo-event-descriptions">
                {(['he', 'en'] as const).map((l) => {
                  const field = l === 'he' ? 'termsHe' : 'termsEn';
                  return (
                    <Field key={l} id={id(field)} label={t(`${S}.terms.${l}`)} error={errors[id(field)]}>
                      {(aria) => (
                        <textarea
                          id={id(field)}
                          lang={l}
                          dir={l === 'he' ? 'rtl' : 'ltr'}
                          rows={3}
                          maxLength={TERMS_MAX}
                          value={typed[field]}
                          onChange={(e) => set({ [field]: e.target.value })}
                          {...aria}
                        />
                      )}
                    </Field>
                  );
                })}
              </div>
            )}
          </fieldset>
          <fieldset className="bo-event-coupon-channels">
            <legend>{t(`${S}.cancellation`)}</legend>
            <div className="bo-event-check">
              <input
                id={id('cancelOn')}
                type="checkbox"
                checked={typed.cancelOn}
                onChange={(e) => set({ cancelOn: e.target.checked })}
              />
              <label htmlFor={id('cancelOn')}>{t(`${S}.cancelOn`)}</label>
            </div>
            {typed.cancelOn && (
              <div className="bo-event-fields">
                <NumberField
                  id={id('minutes')}
                  label={t(`${S}.minutes`)}
                  error={errors[id('minutes')]}
                  bounds={MINUTES}
                  value={typed.minutes}
                  onChange={(minutes) => set({ minutes })}
                />
                <NumberField
                  id={id('days')}
                  label={t(`${S}.days`)}
                  hint={t(`${S}.daysHint`)}
                  error={errors[id('days')]}
                  bounds={DAYS}
                  value={typed.days}
                  onChange={(days) => set({ days })}
                />
                <Field id={id('chargeType')} label={t(`${S}.chargeType`)}>
                  {(aria) => (
                    <select
                      id={id('chargeType')}
                      value={typed.chargeType}
                      onChange={(e) => set({ chargeType: e.target.value as CancellationChargeType, charge: '' })}
                      {...aria}
                    >
                      {CANCELLATION_CHARGE_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`${S}.charge.${type}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                {typed.chargeType !== 'none' && (
                  <AmountField
                    id={id('charge')}
                    label={t(isPercent(typed.chargeType) ? `${S}.chargePercent` : `${S}.chargeAmount`)}
                    error={errors[id('charge')]}
                    value={typed.charge}
                    onChange={(charge) => set({ charge })}
                  />
                )}
              </div>
            )}
          </fieldset>
        </>
      )}
    </DateEditorForm>
  );
}
