import type { OnModuleInit } from '@nestjs/common';
import type { ChargeStatus } from './payment-provider.port';

/** One attempt a crash or a lost answer left unfinished, as its owner's rows hold it. */
export interface InDoubtCase {
  /** The owner's row id (logs, back-off). */
  id: string;
  /** How many times recovery has taken it (the back-off doubles with each); 0 where the owner does not count. */
  attempts: number;
}

/** An approved charge as the provider's status query reports it. */
export type ApprovedStatus = Extract<ChargeStatus, { status: 'approved' }>;
/** Any other answer of the status query: no charge under the key ever went through (or it went back). */
export type NotApprovedStatus = Exclude<ChargeStatus, ApprovedStatus>;

/** What the loop asks a kind to claim. */
export interface ClaimRequest {
  limit: number;
  /** Only attempts left alone at least this long (the kind's `inDoubtAfterSeconds`, or a test's 0). */
  olderThanSeconds: number;
  /** For a leased kind: how long a claimed case stays this node's before another node may take it. */
  leaseSeconds: number;
}

/** How one resolve step ended: the kind's own word for it, and whether the case is unfinished. */
export interface Resolution<R extends string = string> {
  result: R;
  /** Unfinished: the loop backs the case off (`true`: its exponential back-off; a number: that many seconds). */
  again?: true | number;
}

/**
 * One kind of in-doubt attempt (the commit's card payment, a hold's payment, a cancellation's refunds, an order
 * change's seats), registered by the context that owns its rows. The recovery loop (payment-recovery.job.ts) drives
 * every kind through the same step: claim what is due; for each case, when a charge's outcome is unknown, ask the
 * provider its status (PaymentAttempts.statusOf) and hand the answer to `charged` (finish, or refund) or `notCharged`
 * (close); otherwise `settle` (a refund owed, seats to apply); an unfinished case is backed off. The kinds keep their
 * state in their own rows; the loop owns the schedule, the cluster lease, the batches and the back-off.
 */
export interface InDoubtKind<C extends InDoubtCase = InDoubtCase, R extends string = string> {
  /** Unique; the name a test or an operator runs the kind by. */
  readonly name: string;
  /** How often the loop asks this kind on this node; 0 = only when run explicitly (`runKind`). */
  readonly everyMs: number;
  /** The most cases one claim takes. */
  readonly batch: number;
  /** How long an attempt must have been left alone before it counts as in doubt (its request may still be on it). */
  readonly inDoubtAfterSeconds: number;
  /**
   * True when a claim leases its rows (FOR UPDATE SKIP LOCKED with a lease column): the next claim of the same pass
   * never sees them again, so the loop drains a full batch with another claim. False: one claim a pass.
   */
  readonly leased: boolean;
  /** Up to `limit` cases due now, claimed (for a leased kind: for `leaseSeconds`) so another node skips them. */
  claim(request: ClaimRequest): Promise<C[]>;
  /** The idempotency key of the charge whose outcome only the provider knows; null when nothing is to be asked. */
  inDoubtCharge(c: C): string | null;
  /** The provider holds an approved charge under the key: finish what it paid for, or give the money back. */
  charged(c: C, charge: ApprovedStatus): Promise<Resolution<R>>;
  /** The provider holds no approved charge under the key: no money moved, close the attempt. */
  notCharged(c: C, status: NotApprovedStatus): Promise<Resolution<R>>;
  /** No charge to ask about: finish the rest (a refund owed, seats to apply). */
  settle(c: C): Promise<Resolution<R>>;
  /** Not before `seconds` from now. Absent: the kind's next claim sees the case again. */
  retryLater?(c: C, seconds: number): Promise<void>;
}

/** Where the kinds register: the recovery loop (payment-recovery.job.ts). */
export interface InDoubtKinds {
  register(kind: InDoubtKind): void;
  /** How often a card-charge kind is asked, and when its attempt counts as in doubt (the loop's configuration). */
  readonly chargeCadence: { everyMs: number; inDoubtAfterSeconds: number };
}

/**
 * A kind that registers itself with the loop when its module starts (as the sale participants register with the sale
 * write; each owning context extends one of the two bases below, one class per kind). By default nothing is asked of
 * the provider: a kind with charges in doubt overrides `inDoubtCharge`, `charged` and `notCharged`.
 */
export abstract class RegisteredInDoubtKind<C extends InDoubtCase, R extends string>
  implements InDoubtKind<C, R>, OnModuleInit
{
  abstract readonly name: string;
  abstract readonly everyMs: number;
  abstract readonly batch: number;
  abstract readonly inDoubtAfterSeconds: number;
  abstract readonly leased: boolean;

  constructor(private readonly kinds: InDoubtKinds) {}

  onModuleInit(): void {
    this.kinds.register(this as unknown as InDoubtKind);
  }

  abstract claim(request: ClaimRequest): Promise<C[]>;
  abstract settle(c: C): Promise<Resolution<R>>;

  inDoubtCharge(_c: C): string | null {
    return null;
  }

  charged(_c: C, _charge: ApprovedStatus): Promise<Resolution<R>> {
    return Promise.reject(new Error(`${this.name}: no charge is ever in doubt`));
  }

  notCharged(_c: C, _status: NotApprovedStatus): Promise<Resolution<R>> {
    return Promise.reject(new Error(`${this.name}: no charge is ever in doubt`));
  }
}

/** The SQL of leased attempt rows: a claim under FOR UPDATE SKIP LOCKED with a lease column, and a later retry. */
export interface LeasedAttemptRows<C> {
  claim(limit: number, inDoubtSeconds: number, leaseSeconds: number): Promise<C[]>;
  retryLater(id: string, seconds: number): Promise<void>;
}

/**
 * A kind whose attempts are card charges in leased rows (the commit's payment, a hold payment): asked every
 * RECOVERY_INTERVAL_MS, in doubt after RECOVERY_IN_DOUBT_SECONDS (keep it above a request's worst duration, the
 * provider's timeout included), claimed 20 at a time. It answers the provider's status (`charged`, `notCharged`).
 */
export abstract class ChargeInDoubtKind<C extends InDoubtCase, R extends string> extends RegisteredInDoubtKind<C, R> {
  readonly everyMs: number;
  readonly inDoubtAfterSeconds: number;
  readonly batch = 20;
  readonly leased = true;

  constructor(
    kinds: InDoubtKinds,
    private readonly rows: LeasedAttemptRows<C>,
  ) {
    super(kinds);
    this.everyMs = kinds.chargeCadence.everyMs;
    this.inDoubtAfterSeconds = kinds.chargeCadence.inDoubtAfterSeconds;
  }

  claim({ limit, olderThanSeconds, leaseSeconds }: ClaimRequest): Promise<C[]> {
    return this.rows.claim(limit, olderThanSeconds, leaseSeconds);
  }

  retryLater(c: C, seconds: number): Promise<void> {
    return this.rows.retryLater(c.id, seconds);
  }
}

/** What a step-only kind's pass says of each case. */
export type StepResult = 'finished' | 'unfinished';

/**
 * A kind whose cases are rows one idempotent step finishes (a cancellation's seats and refunds, an order change's
 * seats): no charge is asked about, the rows are not leased (two nodes doing the step change nothing twice), one
 * batch a pass, a failed step logged and left for the next pass.
 */
export abstract class IdempotentStepKind extends RegisteredInDoubtKind<InDoubtCase, StepResult> {
  readonly batch = 50;
  readonly leased = false;

  constructor(
    kinds: InDoubtKinds,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    super(kinds);
  }

  /** Ids of the unfinished rows left alone at least `olderThanSeconds`, at most `limit`. */
  protected abstract unfinished(olderThanSeconds: number, limit: number): Promise<string[]>;
  /** The step, idempotent. */
  protected abstract finish(id: string): Promise<void>;

  async claim({ limit, olderThanSeconds }: ClaimRequest): Promise<InDoubtCase[]> {
    return (await this.unfinished(olderThanSeconds, limit)).map((id) => ({ id, attempts: 0 }));
  }

  async settle({ id }: InDoubtCase): Promise<Resolution<StepResult>> {
    try {
      await this.finish(id);
      return { result: 'finished' };
    } catch (err) {
      this.log.warn({ err, kind: this.name, attempt: id }, `${this.name} still unfinished; the next pass retries it`);
      return { result: 'unfinished' };
    }
  }
}
