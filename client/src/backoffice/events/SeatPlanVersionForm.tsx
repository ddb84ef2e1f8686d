import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPresentation, AdminSeatPlanSummary } from '@hotline/shared';
import { DateEditorForm } from './DateEditorForm';
import { Field, K } from './event-ui';

const V = `${K}.seatPlanVersion`;

/**
 * "Seat-plan version" for one date (draft or on sale): the other published versions of the plan it sells (the same
 * venue and plan code), one to choose. The server refuses while a place sold, held or in a buyer's cart is missing
 * in the chosen version, listing them (shown under the screen's refusal); otherwise the date's seats, prices and live
 * seat map move to it. The choice takes the focus when it opens.
 */
export function SeatPlanVersionForm({
  presentation,
  versions,
  when,
  busy,
  onSave,
  onClose,
}: {
  presentation: AdminPresentation;
  /** The published versions of the date's plan, its own included. */
  versions: AdminSeatPlanSummary[];
  when: string;
  busy: boolean;
  onSave: (seatPlanId: number) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const others = versions.filter((v) => v.id !== presentation.seatPlanId);
  const current = versions.find((v) => v.id === presentation.seatPlanId);
  const [chosen, setChosen] = useState(others.at(-1)?.id ?? 0);
  const selectRef = useRef<HTMLSelectElement>(null);
  const id = `bo-seat-plan-${presentation.id}-version`;

  useEffect(() => selectRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen) await onSave(chosen);
  };

  return (
    <DateEditorForm
      name="bo-seat-plan"
      presentationId={presentation.id}
      title={t(`${V}.title`, { date: when })}
      hint={current ? t(`${V}.hint`, { version: current.version }) : t(`${V}.hintUnknown`)}
      saveLabel={t(`${V}.save`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      {others.length === 0 ? (
        <p className="bo-hint" role="status">
          {t(`${V}.none`)}
        </p>
      ) : (
        <Field id={id} label={t(`${V}.label`)}>
          {(aria) => (
            <select
              id={id}
              ref={selectRef}
              value={chosen}
              onChange={(e) => setChosen(Number(e.target.value))}
              {...aria}
            >
              {others.map((v) => (
                <option key={v.id} value={v.id}>
                  {t(`${V}.option`, { version: v.version, seats: v.seatCount })}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </DateEditorForm>
  );
}
