import { useTranslation } from 'react-i18next';

export interface StepActionsProps {
  onBack?: () => void;
  onContinue?: () => void;
  continueLabel?: string;
  /** Continue submits the step's form (the customer details) instead of calling onContinue. */
  submit?: boolean;
  busy?: boolean;
}

/** Back / Continue at the foot of an order step; renders nothing when the host page drives navigation itself. */
export function StepActions({ onBack, onContinue, continueLabel, submit, busy }: StepActionsProps) {
  const { t } = useTranslation();
  if (!onBack && !onContinue && !submit) return null;
  return (
    <div className="step-actions">
      {onBack && (
        <button type="button" className="button button--secondary" onClick={onBack}>
          <span className="arrow arrow--back" aria-hidden="true" />
          {t('stepper.back')}
        </button>
      )}
      {(onContinue || submit) && (
        <button
          type={submit ? 'submit' : 'button'}
          className="button button--primary"
          onClick={submit ? undefined : onContinue}
          disabled={busy}
        >
          {continueLabel ?? t('stepper.continue')}
          <span className="arrow" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
