import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { agorotToShekels, type AdminPresentation } from '@hotline/shared';
import type { SupportedLocale } from '../../lib/rules';
import { Field, K, focusFirst } from './event-ui';
import { MAX_AGOROT, shekelsTextToAgorot } from './money-input';

/** What every form of one date (DateEditorForm's content) is given; `onSave` answers whether the server took it. */
export interface DateFormProps<Save extends (...args: never[]) => Promise<boolean>> {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  locale: SupportedLocale;
  onSave: Save;
  onClose: () => void;
}

/**
 * The state every date form keeps the same way: its field ids (`<name>-<date id>-<field>`), the errors found on
 * submit (`setErrors({})` clears them), and the first field, focused when the form opens. `refused(found, order)` shows the errors and focuses the
 * first of them in `order`; it answers whether there were any. `amount(text)` reads a typed amount in agorot (an
 * empty optional one is 0); `tooMuch` is the sentence for one that is not an amount within the limit.
 */
export function useDateForm<First extends HTMLElement>(name: string, presentationId: number, locale: SupportedLocale) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const firstRef = useRef<First>(null);
  useEffect(() => firstRef.current?.focus(), []);
  const id = (field: string) => `${name}-${presentationId}-${field}`;
  const refused = (found: Record<string, string>, order: readonly string[]): boolean => {
    setErrors(found);
    if (!Object.keys(found).length) return false;
    focusFirst(order, found);
    return true;
  };
  const tooMuch = t(`${K}.amount`, { max: agorotToShekels(MAX_AGOROT).toLocaleString(locale) });
  const amount = (text: string, optional = false): number | null =>
    optional && text.trim() === '' ? 0 : shekelsTextToAgorot(text);
  return { t, errors, setErrors, firstRef, id, refused, tooMuch, amount };
}

/** A whole number between `bounds.min` and `bounds.max`, in a date form's field. */
export function NumberField({
  id,
  label,
  hint,
  error,
  bounds,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  bounds: { min: number; max: number };
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={bounds.min}
          max={bounds.max}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...aria}
        />
      )}
    </Field>
  );
}

/** An amount in shekels ("149.90"), in a date form's field; `firstRef` when it is the field focused first. */
export function AmountField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  firstRef,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  firstRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <input
          id={id}
          ref={firstRef}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...aria}
        />
      )}
    </Field>
  );
}
