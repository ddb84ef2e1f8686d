import type { ReactNode, Ref } from 'react';

/**
 * A refusal: the sentence, then what the screen lists under it (`children`). Focusable (not in the tab order) so
 * that it can take the focus when it appears.
 */
export function RefusalAlert({
  text,
  testId,
  ref,
  children,
}: {
  text: string;
  testId: string;
  ref: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  return (
    <div className="notice notice--error" role="alert" tabIndex={-1} ref={ref} data-testid={testId}>
      <p>{text}</p>
      {children}
    </div>
  );
}

/**
 * An admin screen's two message regions: the notice (a polite live region, always there so a new notice is
 * announced) and the refusal, shown only while there is one. Test ids: `${testId}-notice`, `${testId}-refusal`.
 */
export function AdminMessages({
  testId,
  notice,
  refusal,
  refusalRef,
  children,
}: {
  testId: string;
  notice: string | null;
  /** The refusal's sentence; none while there is no refusal. */
  refusal: string | null | undefined;
  refusalRef: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="bo-notice" role="status" data-testid={`${testId}-notice`}>
        {notice}
      </p>
      {refusal && (
        <RefusalAlert text={refusal} testId={`${testId}-refusal`} ref={refusalRef}>
          {children}
        </RefusalAlert>
      )}
    </>
  );
}
