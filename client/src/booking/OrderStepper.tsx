import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ORDER_STEPS, type OrderStep } from './hooks';

export interface OrderStepperProps {
  current: OrderStep;
  /** The order page's presentation: completed seat/ticket/product steps link back to it. */
  presentationId?: number;
  /** Overrides for where a completed step links to (e.g. the cart page for tickets). */
  hrefs?: Partial<Record<OrderStep, string>>;
  /** An online show: its first step chooses viewings, not seats. */
  online?: boolean;
}

/** Where each step lives, for "go back" links on completed steps. */
function defaultHref(step: OrderStep, presentationId: number | undefined): string | undefined {
  switch (step) {
    case 'seats':
      return presentationId ? `/order/${presentationId}` : undefined;
    case 'tickets':
    case 'products':
      return presentationId ? `/order/${presentationId}?step=${step}` : undefined;
    case 'details':
      return '/booking/checkout';
    case 'payment':
      return '/booking/checkout/payment';
    default:
      return undefined;
  }
}

/**
 * The booking stepper (spec section 2): seats → tickets → products → details →
 * payment → confirmation. An ordered list with aria-current="step"; completed
 * steps are links back (the cart is kept). On a phone only the current step's
 * name shows next to the numbers.
 */
export function OrderStepper({ current, presentationId, hrefs = {}, online = false }: OrderStepperProps) {
  const { t } = useTranslation();
  const currentIndex = ORDER_STEPS.indexOf(current);
  return (
    <nav className="stepper" aria-label={t('stepper.label')}>
      <p className="stepper__mobile" aria-hidden="true">
        {t('stepper.progress', { current: currentIndex + 1, total: ORDER_STEPS.length })}
      </p>
      <ol className="stepper__list">
        {ORDER_STEPS.map((step, i) => {
          const state = i < currentIndex ? 'done' : i === currentIndex ? 'current' : 'todo';
          const href =
            state === 'done' && current !== 'confirmation'
              ? (hrefs[step] ?? defaultHref(step, presentationId))
              : undefined;
          const body = (
            <>
              <span className="stepper__marker" aria-hidden="true">
                {state === 'done' ? (
                  <svg viewBox="0 0 16 16" width="14" height="14" focusable="false">
                    <path
                      d="M3 8.5l3.2 3L13 4.8"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                ) : (
                  i + 1
                )}
              </span>
              <span className="stepper__label">
                {t(online && step === 'seats' ? 'stepper.viewings' : `stepper.${step}`)}
              </span>
              {state !== 'current' && (
                <span className="visually-hidden">{t(state === 'done' ? 'stepper.done' : 'stepper.todo')}</span>
              )}
            </>
          );
          return (
            <li
              key={step}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {href ? (
                <Link to={href} className="stepper__link">
                  {body}
                </Link>
              ) : (
                <span className="stepper__link">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
