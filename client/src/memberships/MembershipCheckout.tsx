import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  shekelsToAgorot,
  type ApiPresentation,
  type Cart,
  type CommitResponse,
  type CustomerDetails,
  type MembershipDiscountCheckResponse,
  type MembershipLockResponse,
} from '@hotline/shared';
import { commitPayment } from '../booking/api';
import { withBotToken } from '../booking/botcheck';
import { CustomerDetailsStep } from '../booking/CustomerDetailsStep';
import { OrderFacts } from '../booking/Confirmation';
import { PaymentStep } from '../payment/PaymentStep';
import { usePayment, type PaymentAttempt } from '../payment/usePayment';
import type { MembershipSeatPort } from '../seatmap/controller';
import { SeatMap } from '../seatmap/SeatMap';
import { StepList } from '../components/StepList';
import { MembershipDiscountField, totalAfterDiscount } from './MembershipDiscountField';
import './membership-i18n';

/** The steps of the membership flows, as the stepper shows them (keys under memberships.steps). */
export function MembershipStepper({ steps, current }: { steps: string[]; current: string }) {
  const { t } = useTranslation();
  return (
    <StepList
      steps={steps}
      current={current}
      label={t('memberships.steps.label')}
      nameOf={(step) => t(`memberships.steps.${step}`)}
    />
  );
}

/** Details: the deployment's customer form with the ID number required for memberships. */
function MembershipDetails({
  initial,
  onBack,
  onDone,
}: {
  initial: CustomerDetails | null;
  onBack: () => void;
  onDone: (details: CustomerDetails) => void;
}) {
  const { t } = useTranslation();
  return (
    <CustomerDetailsStep
      kind="memberships"
      titleId="membership-details-title"
      intro={t('memberships.detailsIntro')}
      initial={initial}
      onBack={onBack}
      onDone={onDone}
    />
  );
}

/** Payment: the same payment step and the one commit as every order; the server prices the membership again. */
function MembershipPayment({
  totalShekels,
  cart,
  ssn,
  onBack,
  onPaid,
  discount,
}: {
  totalShekels: number;
  /** The order for this attempt (the step keeps one cart identifier for all its attempts). */
  cart: (attempt: PaymentAttempt) => Cart;
  ssn: string | undefined;
  onBack: () => void;
  onPaid: (r: CommitResponse) => void;
  /** The membership order's discount code field, shown above the total. */
  discount?: ReactNode;
}) {
  const { t } = useTranslation();
  const payment = usePayment({
    dueAgorot: shekelsToAgorot(totalShekels),
    ssn,
    commit: (attempt) => withBotToken((token) => commitPayment(cart(attempt), token)),
    onSuccess(r) {
      onPaid(r);
      window.scrollTo({ top: 0 });
    },
  });
  return (
    <PaymentStep payment={payment} titleId="membership-pay-title" back={{ label: t('memberships.back'), onBack }}>
      {discount}
    </PaymentStep>
  );
}

/** The steps after the seats, the same for an order and an enrolment: details, payment (with the code), confirmation. */
export function MembershipCheckoutSteps({
  step,
  goTo,
  detailsBack,
  enrol,
  membershipId,
  membershipPriceId,
  priceShekels,
  discount,
  onDiscount,
  memberships,
}: {
  step: string;
  goTo: (step: 'payment' | 'details' | 'confirmation') => void;
  /** Back from the details: to the step before them. */
  detailsBack: () => void;
  enrol: boolean;
  membershipId: number;
  membershipPriceId: number;
  /** The total before the discount code. */
  priceShekels: number;
  discount: MembershipDiscountCheckResponse | null;
  onDiscount: (applied: MembershipDiscountCheckResponse | null) => void;
  /** The order's membership line, as the commit takes it. */
  memberships: () => NonNullable<Cart['memberships']>;
}) {
  const [customer, setCustomer] = useState<CustomerDetails | null>(null);
  const [result, setResult] = useState<CommitResponse | null>(null);
  // The server prices the code again at commit; this is the total it will charge when the check still holds.
  const total = totalAfterDiscount(priceShekels, discount);
  const cart = ({ paymentIdentifier, cartIdentifier }: PaymentAttempt): Cart => ({
    seats: [],
    memberships: memberships(),
    ...(discount ? { membershipDiscountCodes: [discount.code] } : {}),
    customerInfo: customer ?? undefined,
    numberOfPayments: 1,
    total,
    paymentIdentifier,
    cartIdentifier,
  });
  return (
    <>
      {step === 'details' && (
        <MembershipDetails
          initial={customer}
          onBack={detailsBack}
          onDone={(d) => {
            setCustomer(d);
            goTo('payment');
          }}
        />
      )}
      {step === 'payment' && (
        <MembershipPayment
          totalShekels={total}
          cart={cart}
          discount={
            <MembershipDiscountField
              membershipId={membershipId}
              membershipPriceId={membershipPriceId}
              totalShekels={priceShekels}
              applied={discount}
              onChange={onDiscount}
            />
          }
          ssn={typeof customer?.ssn === 'string' ? customer.ssn : undefined}
          onBack={() => goTo('details')}
          onPaid={(r) => {
            setResult(r);
            goTo('confirmation');
          }}
        />
      )}
      {step === 'confirmation' && result && <MembershipConfirmation result={result} enrol={enrol} />}
    </>
  );
}

/** Under a seat map in membership mode: the seat held (announced), the map, and the step's buttons. */
export function MembershipSeatMap({
  presentation,
  port,
  held,
  onBack,
  onNext,
}: {
  presentation: ApiPresentation | null;
  port: MembershipSeatPort | undefined;
  held: MembershipLockResponse | null;
  onBack?: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const seat = held?.selections[0];
  return (
    <>
      <p className="membership-held" role="status" data-testid="membership-held">
        {seat
          ? t('memberships.seats.held', { row: seat.RowName, seat: seat.SeatName, count: held!.selections.length })
          : t('memberships.seats.none')}
      </p>
      {presentation && port && (
        <div className="membership-map">
          <SeatMap
            key={presentation.id}
            presentation={presentation}
            membership={port}
            onContinue={() => seat && onNext()}
          />
        </div>
      )}
      <div className="button-row">
        {onBack && (
          <button type="button" className="button button--secondary" onClick={onBack}>
            {t('memberships.back')}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={!seat}
          onClick={onNext}
          data-testid="membership-seats-next"
        >
          {t('memberships.next')}
        </button>
      </div>
    </>
  );
}

/** Confirmation: the reservation and the total. */
function MembershipConfirmation({ result, enrol }: { result: CommitResponse; enrol: boolean }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      className="booking-card confirmation"
      aria-labelledby="membership-confirmation-title"
      data-testid="confirmation"
    >
      <h2 id="membership-confirmation-title" className="confirmation__title" tabIndex={-1} ref={headingRef}>
        {t(enrol ? 'memberships.enrolThanks' : 'memberships.thanks')}
      </h2>
      <OrderFacts reservationIdentifier={result.reservationIdentifier} total={result.total} />
      <p className="confirmation__email">{t('memberships.sent')}</p>
      <div className="button-row button-row--start">
        <Link className="button button--primary" to="/memberships">
          {t('memberships.title')}
        </Link>
      </div>
    </section>
  );
}
