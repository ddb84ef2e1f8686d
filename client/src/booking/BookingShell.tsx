import { useEffect, useRef, type ReactNode } from 'react';
import { OrderStepper } from './OrderStepper';
import { OrderSummary } from './OrderSummary';
import { OrderTimer } from './OrderTimer';
import type { OrderStep } from './hooks';

export interface BookingShellProps {
  step: OrderStep;
  /** Where completed seat/ticket/product steps link back to. */
  presentationId?: number;
  stepHrefs?: Partial<Record<OrderStep, string>>;
  title: ReactNode;
  children: ReactNode;
  /** Replaces the order summary column (null: no side column). */
  aside?: ReactNode | null;
  /** Vouchers can be removed from the summary. */
  editableVouchers?: boolean;
}

/** The frame of the booking pages: stepper and timer on top, the step, and the order summary beside it. */
export function BookingShell({
  step,
  presentationId,
  stepHrefs,
  title,
  children,
  aside,
  editableVouchers,
}: BookingShellProps) {
  // Each of these pages is a step: its title takes focus when the step is reached (and again when it changes,
  // as the payment page turning into the confirmation).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Unless the step put focus on something of its own (the confirmation's heading, an error summary).
    if (pageRef.current?.contains(document.activeElement)) return;
    titleRef.current?.focus({ preventScroll: true });
  }, [step]);
  return (
    <div className="container page booking-page" ref={pageRef}>
      <OrderStepper current={step} presentationId={presentationId} hrefs={stepHrefs} />
      <div className="booking-titlebar">
        <h1 className="booking-page__title" tabIndex={-1} ref={titleRef}>
          {title}
        </h1>
        {step !== 'confirmation' && <OrderTimer />}
      </div>
      <div className={aside === null ? 'booking-layout booking-layout--single' : 'booking-layout'}>
        <div className="booking-main">{children}</div>
        {aside !== null && (
          <div className="booking-aside">{aside ?? <OrderSummary editableVouchers={editableVouchers} />}</div>
        )}
      </div>
    </div>
  );
}
