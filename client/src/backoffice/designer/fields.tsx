import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Names } from './editor/doc';

export const K = 'backOffice.designer';
const DIR = { he: 'rtl', en: 'ltr', ru: 'ltr', ar: 'rtl' } as const;

/**
 * A text input that changes the document when it is left or Enter is pressed (one undo step per edit, not per
 * keystroke).
 */
export function CommitInput({
  label,
  value,
  onCommit,
  type = 'text',
  dir,
  min,
  max,
  step,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  type?: 'text' | 'number';
  dir?: 'ltr' | 'rtl';
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  // The document changed under the field (undo, another selection): show the new value.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <div className="bo-field designer-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        dir={dir}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        data-testid={testId}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </div>
  );
}

/** A name in the four languages (Hebrew and English are required by the venue format). */
export function NamesFields({
  legend,
  value,
  onCommit,
  disabled,
  testId,
}: {
  legend: string;
  value: Names;
  onCommit: (v: Names) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="designer-names">
      <legend>{legend}</legend>
      {LANGUAGES.map((lng) => (
        <CommitInput
          key={lng}
          label={t(`${K}.language.${lng}`)}
          dir={DIR[lng]}
          value={value[lng]}
          disabled={disabled}
          testId={testId && `${testId}-${lng}`}
          onCommit={(v) => onCommit({ ...value, [lng]: v })}
        />
      ))}
    </fieldset>
  );
}

/** A panel that folds away on a narrow screen (open by default on a wide one). */
export function Panel({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  const [open] = useState(() => typeof window === 'undefined' || window.innerWidth > 700);
  return (
    <details className="designer-panel" open={open} data-testid={testId}>
      <summary>
        <h2>{title}</h2>
      </summary>
      <div className="designer-panel-body">{children}</div>
    </details>
  );
}
