import type { ReactNode } from 'react';
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
  return (
    <div className="container page booking-page">
      <OrderStepper current={step} presentationId={presentationId} hrefs={stepHrefs} />
      <div className="booking-titlebar">
        <h1 className="booking-page__title">{title}</h1>
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
