import { useTranslation } from 'react-i18next';

export interface StepActionsProps {
  onBack?: () => void;
  onContinue?: () => void;
  continueLabel?: string;
}

/** Back / Continue at the foot of an order step; renders nothing when the host page drives navigation itself. */
export function StepActions({ onBack, onContinue, continueLabel }: StepActionsProps) {
  const { t } = useTranslation();
  if (!onBack && !onContinue) return null;
  return (
    <div className="step-actions">
      {onBack && (
        <button type="button" className="button button--secondary" onClick={onBack}>
          <span className="arrow arrow--back" aria-hidden="true" />
          {t('stepper.back')}
        </button>
      )}
      {onContinue && (
        <button type="button" className="button button--primary" onClick={onContinue}>
          {continueLabel ?? t('stepper.continue')}
          <span className="arrow" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
