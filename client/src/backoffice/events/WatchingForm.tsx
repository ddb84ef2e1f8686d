import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO_ON_DEMAND_KINDS, type AdminPresentation, type VideoOnDemandKind } from '@hotline/shared';
import { DateEditorForm } from './DateEditorForm';
import { Field, K } from './event-ui';

const W = `${K}.watchingChange`;

/**
 * "Where it is watched" for a date already made: in the hall or online (sold alone or sharing a cart). The server
 * refuses once a ticket is sold or held, online on numbered seats and a hall date over another; its sentence is
 * shown as the screen's refusal. The choice takes the focus when it opens.
 */
export function WatchingForm({
  presentation,
  when,
  busy,
  onSave,
  onClose,
}: {
  presentation: AdminPresentation;
  when: string;
  busy: boolean;
  onSave: (videoOnDemand: VideoOnDemandKind | null) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [watching, setWatching] = useState<'' | VideoOnDemandKind>(presentation.videoOnDemand ?? '');
  const selectRef = useRef<HTMLSelectElement>(null);
  const id = `bo-watching-${presentation.id}-kind`;

  useEffect(() => selectRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onSave(watching || null);
  };

  return (
    <DateEditorForm
      name="bo-watching"
      presentationId={presentation.id}
      title={t(`${W}.title`, { date: when })}
      hint={t(`${W}.hint`)}
      saveLabel={t(`${W}.save`)}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Field id={id} label={t(`${K}.watching.label`)} hint={t(`${K}.watching.hint`)}>
        {(aria) => (
          <select
            id={id}
            ref={selectRef}
            value={watching}
            onChange={(e) => setWatching(e.target.value as '' | VideoOnDemandKind)}
            {...aria}
          >
            <option value="">{t(`${K}.watching.hall`)}</option>
            {VIDEO_ON_DEMAND_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`${K}.watching.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </DateEditorForm>
  );
}
