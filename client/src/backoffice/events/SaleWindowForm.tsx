import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPresentation } from '@hotline/shared';
import { DateEditorForm } from './DateEditorForm';
import { Field, K } from './event-ui';
import { asInstant, asLocal } from './israel-time-input';

const W = `${K}.saleWindow`;

/**
 * "Sale window" for one date (draft or on sale): when the public may start and stop buying it, in Israel time; an
 * empty field is no limit on that side. Outside it the storefront shows "not yet on sale" / "sales closed" and the
 * server refuses public sales; the box office sells outside it. The first field takes the focus when it opens.
 */
export function SaleWindowForm({
  presentation,
  when,
  busy,
  onSave,
  onClose,
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  onSave: (opensAt: string | null, closesAt: string | null) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [opens, setOpens] = useState(asLocal(presentation.salesOpenAt));
  const [closes, setCloses] = useState(asLocal(presentation.salesCloseAt));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const opensRef = useRef<HTMLInputElement>(null);
  const id = (field: string) => `bo-window-${presentation.id}-${field}`;

  useEffect(() => opensRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const opensAt = asInstant(opens);
    const closesAt = asInstant(closes);
    const found: Record<string, string> = {};
    if (opensAt === undefined) found[id('opens')] = t(`${W}.notAMoment`);
    if (closesAt === undefined) found[id('closes')] = t(`${W}.notAMoment`);
    if (opensAt && closesAt && Date.parse(closesAt) <= Date.parse(opensAt))
      found[id('closes')] = t(`${W}.closesAfterOpens`);
    setErrors(found);
    const first = [id('opens'), id('closes')].find((f) => found[f]);
    if (first || opensAt === undefined || closesAt === undefined) {
      if (first) document.getElementById(first)?.focus();
      return;
    }
    await onSave(opensAt, closesAt);
  };

  return (
    <DateEditorForm
      name="bo-window"
      presentationId={presentation.id}
      title={t(`${W}.title`, { date: when })}
      hint={t(`${W}.hint`)}
      saveLabel={t(`${W}.save`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Field id={id('opens')} label={t(`${W}.opens`)} hint={t(`${W}.emptyHint`)} error={errors[id('opens')]}>
        {(aria) => (
          <input
            id={id('opens')}
            ref={opensRef}
            type="datetime-local"
            value={opens}
            onChange={(e) => setOpens(e.target.value)}
            {...aria}
          />
        )}
      </Field>
      <Field id={id('closes')} label={t(`${W}.closes`)} hint={t(`${W}.emptyHint`)} error={errors[id('closes')]}>
        {(aria) => (
          <input
            id={id('closes')}
            type="datetime-local"
            value={closes}
            onChange={(e) => setCloses(e.target.value)}
            {...aria}
          />
        )}
      </Field>
    </DateEditorForm>
  );
}
