import { useState, type FormEvent } from 'react';

export type CodeFeedback = { kind: 'ok' | 'error'; text: string } | null;

/** What applying a code answered: the line to say; an accepted code ('ok') empties the box. */
export type CodeOutcome = NonNullable<CodeFeedback>;

export interface CodeEntry {
  code: string;
  setCode: (code: string) => void;
  busy: boolean;
  feedback: CodeFeedback;
  /** Says something outside a submit (a code removed from the list). */
  say: (feedback: CodeFeedback) => void;
  submit: (event: FormEvent) => Promise<void>;
}

/**
 * The state of a code box (coupons, gift vouchers as payment, gift codes): the code typed, one lookup at a time, the
 * feedback line. `apply` gets the trimmed code and answers what to say; an accepted code empties the box.
 */
export function useCodeEntry(apply: (code: string) => Promise<CodeOutcome>): CodeEntry {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<CodeFeedback>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const entered = code.trim();
    if (!entered || busy) return;
    setBusy(true);
    setFeedback(null);
    try {
      const outcome = await apply(entered);
      if (outcome.kind === 'ok') setCode('');
      setFeedback(outcome);
    } finally {
      setBusy(false);
    }
  }
  return { code, setCode, busy, feedback, say: setFeedback, submit };
}

export interface CodeEntryFormProps {
  entry: CodeEntry;
  inputId: string;
  feedbackId: string;
  /** No placeholder for coupons: an example would be read as a real code (or be one). */
  labels: { label: string; placeholder?: string; checking: string; apply: string };
  /** Coupon codes are printed in capitals; gift-voucher references are not. */
  capitals?: boolean;
}

/**
 * The one code box with its apply button and a feedback line that screen readers hear (alert on error, status
 * otherwise): coupons, vouchers and gift codes all use it.
 */
export function CodeEntryForm({ entry, inputId, feedbackId, labels, capitals }: CodeEntryFormProps) {
  const { code, busy, feedback } = entry;
  return (
    <>
      <form className="inline-form" onSubmit={(e) => void entry.submit(e)} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {labels.label}
        </label>
        <input
          id={inputId}
          className="input inline-form__input"
          value={code}
          onChange={(e) => entry.setCode(e.target.value)}
          placeholder={labels.placeholder}
          autoComplete="off"
          autoCapitalize={capitals ? 'characters' : undefined}
          spellCheck={false}
          dir="ltr"
          aria-describedby={feedback ? feedbackId : undefined}
          aria-invalid={feedback?.kind === 'error' ? true : undefined}
        />
        <button
          type="submit"
          className="button button--secondary"
          disabled={busy || code.trim() === ''}
          aria-busy={busy}
        >
          {busy ? labels.checking : labels.apply}
        </button>
      </form>
      <p
        id={feedbackId}
        className={`form-feedback form-feedback--${feedback?.kind ?? 'none'}`}
        role={feedback?.kind === 'error' ? 'alert' : 'status'}
      >
        {feedback?.text ?? ''}
      </p>
    </>
  );
}
