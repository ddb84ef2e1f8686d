import type { FormEvent } from 'react';

export type CodeFeedback = { kind: 'ok' | 'error'; text: string } | null;

export interface CodeEntryFormProps {
  inputId: string;
  feedbackId: string;
  code: string;
  onCodeChange: (code: string) => void;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  feedback: CodeFeedback;
  /** No placeholder for coupons: an example would be read as a real code (or be one). */
  labels: { label: string; placeholder?: string; checking: string; apply: string };
  /** Coupon codes are printed in capitals; gift-voucher references are not. */
  capitals?: boolean;
}

/**
 * One code box with its apply button and a feedback line that screen readers hear
 * (alert on error, status otherwise): the coupon and the voucher forms share it.
 */
export function CodeEntryForm(props: CodeEntryFormProps) {
  const { inputId, feedbackId, code, busy, feedback, labels } = props;
  return (
    <>
      <form className="inline-form" onSubmit={props.onSubmit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {labels.label}
        </label>
        <input
          id={inputId}
          className="input inline-form__input"
          value={code}
          onChange={(e) => props.onCodeChange(e.target.value)}
          placeholder={labels.placeholder}
          autoComplete="off"
          autoCapitalize={props.capitals ? 'characters' : undefined}
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
