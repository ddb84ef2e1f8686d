import { useTranslation } from 'react-i18next';

/**
 * A checkout's steps as an ordered list (the gift-voucher, donation and membership flows): the current step marked
 * with aria-current="step", the others named done or to do for screen readers. The ticket booking's own stepper
 * (booking/OrderStepper) adds links back to completed steps and a phone progress line.
 */
export function StepList<Step extends string>({
  steps,
  current,
  label,
  nameOf,
}: {
  steps: readonly Step[];
  current: Step;
  /** The navigation landmark's name. */
  label: string;
  nameOf: (step: Step) => string;
}) {
  const { t } = useTranslation();
  const index = steps.indexOf(current);
  return (
    <nav className="stepper" aria-label={label}>
      <ol className="stepper__list">
        {steps.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper__link">
                <span className="stepper__marker" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="stepper__label">{nameOf(step)}</span>
                {state !== 'current' && (
                  <span className="visually-hidden">{t(state === 'done' ? 'stepper.done' : 'stepper.todo')}</span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
