import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { IntegrationResponse } from '@hotline/shared';
import { isIntegrationTsFresh } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import './channels.errors';
import { partnersInForce } from './integration-config';
import { partnerOfKey } from './integration-key';

/**
 * Partner links (storefront-spec.md: GET /integration with TS, ret and key -> integrationId). The key proves the
 * partner signed (TS, ret); TS must be fresh, so a link copied from a log or a browser history stops working after
 * INTEGRATION_MAX_AGE_SECONDS. The same fresh link answers the same integrationId (idempotent, one row).
 */
@Injectable()
export class IntegrationService {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async lookup(q: { TS?: string; ret?: string; key?: string }): Promise<IntegrationResponse> {
    // The lookup runs only when all three are present.
    if (!q.TS || !q.ret || !q.key) throw new AppError('INTEGRATION_PARAMS_MISSING');
    const partner = partnerOfKey(partnersInForce(this.config), q.TS, q.ret, q.key);
    if (!partner) throw new AppError('INTEGRATION_KEY_INVALID');
    const ts = Number(q.TS);
    if (!isIntegrationTsFresh(ts, this.clock.nowMs(), this.config.INTEGRATION_MAX_AGE_SECONDS))
      throw new AppError('INTEGRATION_EXPIRED');
    const [row]: { id: string }[] = await this.db.query(
      `INSERT INTO integration_session (partner, ts, ret) VALUES ($1, $2, $3)
       ON CONFLICT (partner, ts, ret) DO UPDATE SET partner = EXCLUDED.partner
       RETURNING id::text`,
      [partner, ts, q.ret],
    );
    return { integrationId: row!.id };
  }

  /** The partner of a live integrationId (opened within INTEGRATION_SESSION_HOURS), or INTEGRATION_NOT_FOUND. */
  async partnerOf(integrationId: string): Promise<string> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(integrationId))
      throw new AppError('INTEGRATION_NOT_FOUND');
    const rows: { partner: string }[] = await this.db.query(
      `SELECT partner FROM integration_session
        WHERE id = $1::uuid AND created_at > $2::timestamptz - make_interval(secs => $3::float8)`,
      [integrationId, this.clock.now().toISOString(), this.config.INTEGRATION_SESSION_HOURS * 3600],
    );
    if (!rows[0]) throw new AppError('INTEGRATION_NOT_FOUND');
    return rows[0].partner;
  }
}
