import type { ReactNode } from 'react';

export interface FieldAria {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}

/**
 * A labelled input with its hint and its error: `children` gets the ids that describe the input and whether it is
 * invalid, and renders the input itself (with `id`). `errorClass`: the screen's class for the error line (each
 * screen styles its own).
 */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  errorClass,
  children,
}: FieldProps & { errorClass: string }) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={className ? `bo-field ${className}` : 'bo-field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint && (
        <span id={`${id}-hint`} className="bo-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={errorClass}>
          {error}
        </span>
      )}
    </div>
  );
}
