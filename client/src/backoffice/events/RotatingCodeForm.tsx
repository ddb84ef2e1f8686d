import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPresentation } from '@hotline/shared';
import { DateEditorForm } from './DateEditorForm';
import { K } from './event-ui';

const R = `${K}.rotatingCode`;

/**
 * "Door code" for one date: the doors take only the e-ticket page's code that changes every 15 seconds (a screenshot
 * or a forwarded PDF stops opening them), or the ticket's static code again. The server refuses the change once the
 * doors have opened or a ticket was scanned; the form says so before anyone tries. The checkbox takes the focus.
 */
export function RotatingCodeForm({
  presentation,
  when,
  busy,
  onSave,
  onClose,
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  onSave: (rotatingCode: boolean) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [on, setOn] = useState(presentation.rotatingCode);
  const boxRef = useRef<HTMLInputElement>(null);
  const id = `bo-rotating-${presentation.id}-on`;

  useEffect(() => boxRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onSave(on);
  };

  return (
    <DateEditorForm
      name="bo-rotating"
      presentationId={presentation.id}
      title={t(`${R}.title`, { date: when })}
      hint={t(`${R}.hint`)}
      saveLabel={t(`${R}.save`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <div className="bo-event-check">
        <input id={id} ref={boxRef} type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        <label htmlFor={id}>{t(`${R}.on`)}</label>
      </div>
    </DateEditorForm>
  );
}
