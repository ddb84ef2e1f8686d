import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

interface VoucherLockRow {
  id: string;
  reference: string;
  active: boolean;
  initialAgorot: number;
  balanceAgorot: number;
  isForReplacement: boolean;
  isCredit: boolean;
}

/**
 * The customer's own system vouchers: cancel (an unused voucher is withdrawn)
 * or turn into a replacement voucher with new dates (memberships-backoffice-spec.md
 * sections 4 and 8). Someone else's voucher answers exactly like a missing one.
 * Store credit from cancellations (CR...) cannot be cancelled for cash.
 */
@Injectable()
export class SystemVouchersService {
  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async lockOwn(
    tx: { query: DataSource['query'] },
    customerId: number,
    reference: string,
  ): Promise<VoucherLockRow> {
    const rows: VoucherLockRow[] = await tx.query(
      `SELECT id::text AS id, reference, active, initial_agorot AS "initialAgorot", balance_agorot AS "balanceAgorot",
              is_for_replacement AS "isForReplacement", reference LIKE 'CR%' AS "isCredit"
         FROM system_voucher WHERE lower(reference) = lower($1) AND customer_id = $2 FOR UPDATE`,
      [reference, customerId],
    );
    const v = rows[0];
    if (!v) throw new AppError('SYSTEM_VOUCHER_NOT_FOUND');
    if (!v.active) throw new AppError('SYSTEM_VOUCHER_NOT_ACTIVE');
    return v;
  }

  cancel(customerId: number, reference: string): Promise<{ success: true; Reference: string }> {
    return this.db.transaction(async (tx) => {
      const v = await this.lockOwn(tx, customerId, reference);
      if (v.isCredit) throw new AppError('VOUCHER_CANCELLATION_NOT_ALLOWED');
      if (v.balanceAgorot < v.initialAgorot) throw new AppError('SYSTEM_VOUCHER_PARTIAL_REDEMPTION_NOT_ALLOWED');
      await tx.query(`UPDATE system_voucher SET active = false WHERE id = $1`, [v.id]);
      return { success: true as const, Reference: v.reference };
    });
  }

  replace(
    customerId: number,
    reference: string,
  ): Promise<{ IsForReplacement: true; StartDate: string; EndDate: string; DateTimeCreated: string }> {
    return this.db.transaction(async (tx) => {
      const v = await this.lockOwn(tx, customerId, reference);
      if (v.isForReplacement) throw new AppError('SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT');
      const [row] = await tx.query(
        // Wrapped in a SELECT: TypeORM answers a bare UPDATE ... RETURNING with [rows, count].
        `WITH u AS (
           UPDATE system_voucher SET is_for_replacement = true, expires_at = now() + make_interval(days => $2::int)
            WHERE id = $1 RETURNING now() AS start, expires_at AS "end", created_at AS created)
         SELECT * FROM u`,
        [v.id, this.config.CUSTOMER_REPLACEMENT_VOUCHER_DAYS],
      );
      return {
        IsForReplacement: true as const,
        StartDate: new Date(row.start).toISOString(),
        EndDate: new Date(row.end).toISOString(),
        DateTimeCreated: new Date(row.created).toISOString(),
      };
    });
  }
}
