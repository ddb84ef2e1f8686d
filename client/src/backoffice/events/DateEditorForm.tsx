import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { closeOnEscape } from '../admin-ui/close-on-escape';
import { K } from './event-ui';

/**
 * The frame of a date's inline form (change its time, change its prices): named by its title and described by its
 * hint, the fields in the events screen's grid, "save" and "cancel" below; Escape closes it. `name` gives the form
 * its id and test id (`name-<date id>`), and its title and hint `…-title` and `…-hint`.
 */
export function DateEditorForm({
  name,
  presentationId,
  title,
  hint,
  saveLabel,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  name: string;
  presentationId: number;
  title: string;
  hint: string;
  saveLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formId = `${name}-${presentationId}`;
  return (
    <form
      id={formId}
      className="bo-event-editor"
      noValidate
      aria-labelledby={`${formId}-title`}
      aria-describedby={`${formId}-hint`}
      onSubmit={onSubmit}
      onKeyDown={closeOnEscape(onClose)}
      data-testid={formId}
    >
      <p id={`${formId}-title`} className="bo-event-editor-title">
        {title}
      </p>
      <p id={`${formId}-hint`} className="bo-hint">
        {hint}
      </p>
      <div className="bo-event-fields">{children}</div>
      <div className="bo-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {saveLabel}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onClose}>
          {t(`${K}.closeForm`)}
        </button>
      </div>
    </form>
  );
}
