import pino from 'pino';
import type { AppConfig } from '../../src/config/app-config';
import type { CartRepository, CartRow } from '../../src/cart/cart.repository';
import type { SeatLockReader } from '../../src/cart/seat-lock-reader';
import { BookingError } from '../../src/cart/booking.errors';
import type { PaymentProvider } from '../../src/payment/payment-provider.port';
import type { CommitBody } from '../../src/payment/payment.queries';
import type { PricedOrder } from '../../src/payment/pricing';
import type { SaleInput, SaleOutcome, SalesRepository } from '../../src/reservations/sales.repository';
import type { SeatEngineService } from '../../src/seats/seat-engine.service';
import { CommitOrchestrator } from '../../src/orders/commit.orchestrator';
import { canMove } from '../../src/orders/commit-state';
import type { OrdersRepository } from '../../src/orders/orders.repository';
import type { Quote } from '../../src/payment/pricing';
import type { QuoteService } from '../../src/orders/quote.service';
import { CartMoneySubject } from '../../src/orders/cart-money-subject';
import { MoneyAttemptInDoubt } from '../../src/payment/money-attempt-in-doubt';
import { MoneySubjects } from '../../src/payment/money-subjects';
import type { MoneyAttemptRow, MoneyAttemptsRepository } from '../../src/reservations/money-attempts.repository';
import { PaymentRecoveryJob } from '../../src/payment/payment-recovery.job';
import { DependencyAlarm } from '../../src/common/dependency-failure';
import type { JobLease } from '../../src/jobs/job-lease';
import { JobScheduler } from '../../src/jobs/job-scheduler';
import { SettlementService } from '../../src/orders/settlement.service';
import type { LimitClaims } from '../../src/reservations/limit-claims';
import { PaymentAttempts } from '../../src/payment/payment-attempts';

/**
 * The commit saga's money branches, with every adapter faked (no PostgreSQL, no
 * Redis, no provider): what happens to the money and the cart when each step
 * after the charge goes wrong. The medium tests drive the same code for real.
 */
const VISITOR = '11111111-1111-4111-8111-111111111111';
const CART_ID = '22222222-2222-4222-8222-222222222222';
const silent = pino({ level: 'silent' });

const config = {
  NODE_ENV: 'test',
  COMMIT_STALE_SECONDS: 120,
  RECOVERY_INTERVAL_MS: 0,
  RECOVERY_IN_DOUBT_SECONDS: 120,
  RECOVERY_RETRY_BASE_SECONDS: 30,
} as unknown as AppConfig;

const priced = {
  lines: [
    {
      seat: { index: 0, presentationId: 7, sectionId: 3, x: 4, y: 2, ticketId: 9, ticketGroupId: 1 },
      ticket: { id: 9 },
      amount: 4500,
      serviceCharge: 500,
      isSubTicket: false,
    },
  ],
  totals: { subtotal: 5000, total: 5000, balanceDue: 5000 },
  voucherPayments: [],
  codedUse: new Map(),
} as unknown as PricedOrder;

const quote: Quote = {
  kind: 'tickets',
  presentationIds: [7],
  layoutOf: new Map(),
  seats: priced.lines.map((l) => l.seat),
  priced,
  coupons: [],
  waivers: [],
};

const cartSeat = {
  prsntId: 7,
  sectionId: 3,
  XCoordinate: 4,
  YCoordinate: 2,
  ticketId: 9,
  amount: 45,
  serviceCharge: 5,
};
const body = (over: Record<string, unknown> = {}): CommitBody =>
  ({
    recaptchaToken: 'token',
    cart: {
      seats: [cartSeat],
      customerInfo: {},
      cartIdentifier: CART_ID,
      paymentIdentifier: 'auth-1',
      ...over,
    },
  }) as unknown as CommitBody;

function world() {
  const calls: string[] = [];
  const sales = {
    beginAttempt: jest.fn(async () => ({ cartId: '1', payment: { id: 'p1', status: 'pending' } })),
    commitSale: jest.fn(async (_s: SaleInput): Promise<SaleOutcome> => ({ ok: true, reservationId: 'r1' })),
    reservationOfCart: jest.fn(async (): Promise<string | null> => null),
    closeCardPayment: jest.fn(async () => undefined),
    markRefundPending: jest.fn(async () => void calls.push('refund_pending')),
    markRefunded: jest.fn(async () => void calls.push('refunded')),
    paymentIsSettled: jest.fn(async () => false),
  };
  const provider = {
    name: 'sandbox',
    nameFor: () => 'sandbox',
    charge: jest.fn(async () => ({ status: 'approved', providerReference: 'ch_1', instalments: 1, last4: '0000' })),
    refund: jest.fn(async (): Promise<{ status: 'refunded' } | { status: 'failed'; reason: string }> => {
      calls.push('provider.refund');
      return { status: 'refunded' };
    }),
    status: jest.fn(),
  };
  const storedCart: CartRow = {
    id: '1',
    cartIdentifier: CART_ID,
    resId: 'res',
    visitorId: VISITOR,
    cart: body().cart as unknown as CartRow['cart'],
    status: 'paid',
    reservationId: 'r1',
    result: { reservationIdentifier: 'HL1', ticketIdentifiers: ['T1'], cartIdentifier: CART_ID, total: 50 },
    reservationIdentifier: 'HL1',
  };
  const carts = {
    byIdentifier: jest.fn(async (): Promise<CartRow | null> => storedCart),
    release: jest.fn(async () => void calls.push('cart.release')),
    markRefunded: jest.fn(async () => void calls.push('cart.refunded')),
  };
  const engine = {
    admit: jest.fn(async () => undefined),
    verifyBotCheck: jest.fn(async () => undefined),
    claimForPayment: jest.fn(async () => undefined),
    releasePaymentClaim: jest.fn(async () => undefined),
    markSold: jest.fn(async () => ({ version: 1, sold: 1 })),
  };
  const quotes = {
    kindOf: jest.fn(() => 'tickets'),
    checkCustomer: jest.fn(() => ({ email: 'buyer@example.com' })),
    quote: jest.fn(async () => quote),
    refusalWithoutCharge: jest.fn(() => new BookingError('SEAT_NOT_LOCKED', { seat: '1' })),
  };
  // Nothing limited in these carts: the claim step answers "claimed" and is never a refusal here.
  const claims = { claim: jest.fn(async () => null), release: jest.fn(async () => undefined) };
  const logger = { ...silent, warn: jest.fn(), error: jest.fn(), info: jest.fn(), debug: jest.fn() };
  const settlement = new SettlementService(
    carts as unknown as CartRepository,
    sales as unknown as SalesRepository,
    new PaymentAttempts(provider as unknown as PaymentProvider, logger as unknown as typeof silent),
    engine as unknown as SeatEngineService,
    logger as unknown as typeof silent,
  );
  const orchestrator = new CommitOrchestrator(
    quotes as unknown as QuoteService,
    settlement,
    carts as unknown as CartRepository,
    sales as unknown as SalesRepository,
    engine as unknown as SeatEngineService,
    provider as unknown as PaymentProvider,
    claims as unknown as LimitClaims,
    config,
    logger as unknown as typeof silent,
  );
  return { calls, sales, provider, carts, engine, quotes, logger, settlement, orchestrator, storedCart };
}

const refusal = async (p: Promise<unknown>): Promise<BookingError> => {
  try {
    await p;
  } catch (error) {
    return error as BookingError;
  }
  throw new Error('expected a refusal');
};

describe('commit saga: money branches', () => {
  it('a sale write that fails after the charge (and did not commit) refunds, refund_pending recorded first', async () => {
    const w = world();
    w.sales.commitSale.mockRejectedValueOnce(new Error('connection reset'));
    const error = await refusal(w.orchestrator.commit(VISITOR, body(), 'en'));
    expect(error.code).toBe('SEATS_LOST_REFUNDED');
    expect(error.details).toMatchObject({ refunded: true, amount: 50 });
    expect(w.calls).toEqual(['refund_pending', 'provider.refund', 'refunded', 'cart.refunded']);
    expect(w.provider.refund).toHaveBeenCalledWith(
      expect.objectContaining({ providerReference: 'ch_1', amountAgorot: 5000 }),
    );
  });

  it('a refund the provider refuses stays refund_pending (never marked refunded) and says so', async () => {
    const w = world();
    w.sales.commitSale.mockResolvedValueOnce({ ok: false, reason: 'SEAT_TAKEN' });
    w.provider.refund.mockResolvedValueOnce({ status: 'failed', reason: 'acquirer down' });
    const error = await refusal(w.orchestrator.commit(VISITOR, body(), 'en'));
    expect(error.code).toBe('SEATS_LOST_REFUNDED');
    expect(error.details).toMatchObject({ refunded: false });
    expect(w.sales.markRefundPending).toHaveBeenCalledTimes(1);
    expect(w.sales.markRefunded).not.toHaveBeenCalled();
    expect(w.carts.release).not.toHaveBeenCalled();
  });

  it('colliding identifiers are drawn again once, and the answer carries the second set', async () => {
    const w = world();
    w.sales.commitSale.mockResolvedValueOnce({ ok: false, reason: 'IDENTIFIER_TAKEN' });
    const answer = await w.orchestrator.commit(VISITOR, body(), 'en');
    expect(w.sales.commitSale).toHaveBeenCalledTimes(2);
    const [first, second] = w.sales.commitSale.mock.calls.map((c) => c[0]);
    expect(second!.reservationIdentifier).not.toBe(first!.reservationIdentifier);
    expect(second!.tickets[0]!.identifier).not.toBe(first!.tickets[0]!.identifier);
    expect(answer.reservationIdentifier).toBe(second!.reservationIdentifier);
    expect(w.provider.refund).not.toHaveBeenCalled();
  });

  it('a sold mark the seat engine refuses does not undo the sale: answered, logged', async () => {
    const w = world();
    w.engine.markSold.mockRejectedValueOnce(new Error('NOT_LOCK_OWNER'));
    const answer = await w.orchestrator.commit(VISITOR, body(), 'en');
    expect(answer.replayed).toBe(false);
    expect(w.logger.warn).toHaveBeenCalled();
    expect(w.provider.refund).not.toHaveBeenCalled();
    expect(w.carts.release).not.toHaveBeenCalled();
  });

  it('a write failure we cannot classify leaves the attempt charged (no refund, no release) for the recovery job', async () => {
    const w = world();
    w.sales.commitSale.mockRejectedValueOnce(new Error('connection reset'));
    w.sales.reservationOfCart.mockRejectedValueOnce(new Error('database gone'));
    await expect(w.orchestrator.commit(VISITOR, body(), 'en')).rejects.toThrow('connection reset');
    expect(w.provider.refund).not.toHaveBeenCalled();
    expect(w.carts.release).not.toHaveBeenCalled();
  });

  it('a declined card releases the cart (no money moved)', async () => {
    const w = world();
    w.provider.charge.mockResolvedValueOnce({ status: 'declined', providerReference: 'ch_2' } as never);
    const error = await refusal(w.orchestrator.commit(VISITOR, body(), 'en'));
    expect(error.code).toBe('PAYMENT_DECLINED');
    expect(w.carts.release).toHaveBeenCalledTimes(1);
    expect(w.sales.commitSale).not.toHaveBeenCalled();
  });

  it('the quoted sale is stored with the pending card payment (so the recovery job can finish it)', async () => {
    const w = world();
    await w.orchestrator.commit(VISITOR, body(), 'en');
    expect(w.sales.beginAttempt).toHaveBeenCalledWith(
      expect.objectContaining({
        card: expect.objectContaining({
          amountAgorot: 5000,
          draft: expect.objectContaining({ chargedAgorot: 5000, tickets: [expect.objectContaining({ x: 4, y: 2 })] }),
        }),
      }),
    );
  });

  it('the same cart identifier with another cart is refused, not answered with the first order', async () => {
    const w = world();
    w.sales.beginAttempt.mockResolvedValueOnce(null as never);
    const other = body({ seats: [{ ...cartSeat, XCoordinate: 5 }] });
    const error = await refusal(w.orchestrator.commit(VISITOR, other, 'en'));
    expect(error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // ...while the same cart again is the stored answer.
    w.sales.beginAttempt.mockResolvedValueOnce(null as never);
    expect((await w.orchestrator.commit(VISITOR, body(), 'en')).replayed).toBe(true);
  });

  it('the state union only allows the documented transitions', () => {
    expect(canMove('charged', 'sold')).toBe(true);
    expect(canMove('charged', 'released')).toBe(false);
    expect(canMove('refunding', 'refund_pending')).toBe(true);
    expect(canMove('sold', 'refunding')).toBe(false);
  });
});

describe("recovery loop, the cart's money attempts: refunds owed are retried with back-off until the provider confirms", () => {
  it('retries a refund_pending charge of a cart, backing off, and tells the buyer once it went through', async () => {
    const w = world();
    const owed: MoneyAttemptRow = {
      id: 'p9',
      kind: 'charge',
      subjectKind: 'cart',
      subjectId: CART_ID,
      channel: 'online',
      method: 'card',
      amountAgorot: 5000,
      provider: 'sandbox',
      providerKey: `${CART_ID}:auth-1`,
      providerReference: 'ch_9',
      idempotencyKey: `${CART_ID}:auth-1`,
      fingerprint: `cart:${CART_ID}`,
      visitorId: VISITOR,
      state: 'refund_pending',
      paymentId: null,
      error: 'SEAT_TAKEN',
      result: null,
      attempts: 1,
      saleDraft: {
        locale: 'ru',
        customer: {},
        totalAgorot: 5000,
        chargedAgorot: 5000,
        tickets: [],
        vouchers: [],
        coupons: [],
        messages: [{ channel: 'email', recipient: 'buyer@example.com' }],
      },
    };
    let due = true;
    const outbox: unknown[][] = [];
    const money = {
      claim: jest.fn(async () => {
        if (!due) return [];
        due = false;
        return [{ ...owed }];
      }),
      retryLater: jest.fn(async () => undefined),
      // The refund recorded with the buyer's notice in one transaction: the notice's insert is what the test reads.
      refundedWith: jest.fn(
        async (_id: string, also: (tx: { query: (sql: string, p: unknown[]) => unknown }) => unknown) => {
          await also({ query: async (_sql: string, params: unknown[]) => outbox.push(params) });
        },
      ),
    };
    // The one recovery loop with the money-attempt kind and the cart's subject; never scheduled: the test runs it.
    const loop = new PaymentRecoveryJob(
      new PaymentAttempts(w.provider as unknown as PaymentProvider, w.logger as unknown as typeof silent),
      new JobScheduler(silent, new DependencyAlarm(silent), {} as JobLease),
      config,
      w.logger as unknown as typeof silent,
    );
    const subjects = new MoneySubjects();
    const attempts = new PaymentAttempts(
      w.provider as unknown as PaymentProvider,
      w.logger as unknown as typeof silent,
    );
    new MoneyAttemptInDoubt(
      money as unknown as MoneyAttemptsRepository,
      subjects,
      attempts,
      w.logger as unknown as typeof silent,
      loop,
    ).onModuleInit();
    new CartMoneySubject(
      {} as OrdersRepository,
      money as unknown as MoneyAttemptsRepository,
      w.settlement,
      w.sales as unknown as SalesRepository,
      w.carts as unknown as CartRepository,
      {} as SeatLockReader,
      w.logger as unknown as typeof silent,
      loop,
      subjects,
    ).onModuleInit();
    const job = { runOnce: () => loop.runKind('money-attempt') };
    w.provider.refund
      .mockResolvedValueOnce({ status: 'failed', reason: 'acquirer down' })
      .mockResolvedValueOnce({ status: 'failed', reason: 'acquirer down' });

    expect(await job.runOnce()).toEqual(['refund_pending']);
    expect(money.retryLater).toHaveBeenLastCalledWith('p9', 30);
    due = true;
    owed.attempts = 2;
    expect(await job.runOnce()).toEqual(['refund_pending']);
    expect(money.retryLater).toHaveBeenLastCalledWith('p9', 60);
    expect(money.refundedWith).not.toHaveBeenCalled();
    due = true;
    owed.attempts = 3;
    expect(await job.runOnce()).toEqual(['refunded']);
    expect(money.refundedWith).toHaveBeenCalledWith('p9', expect.any(Function));
    expect(outbox).toEqual([
      [
        null,
        'ru',
        'payment-refunded',
        JSON.stringify({ amountAgorot: 5000, cartIdentifier: CART_ID, reason: 'SEAT_TAKEN' }),
        ['email'],
        ['buyer@example.com'],
      ],
    ]);
    expect(w.provider.refund).toHaveBeenCalledTimes(3);
  });
});
