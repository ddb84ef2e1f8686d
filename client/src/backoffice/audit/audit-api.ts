import type { AdminAuditPage } from '@hotline/shared';
import { apiRequest } from '../../api/client';

/** The filters of the audit log; `from` and `to` are ISO instants (`to` exclusive). */
export interface AuditQuery {
  action?: string;
  subject?: string;
  from?: string;
  to?: string;
}

/**
 * The audit log (permission 292, GET /api/admin/audit), newest first; `before` asks for the entries older than that
 * entry id (the previous page's `nextBefore`). A bad filter is refused in the reader's language.
 */
export const auditApi = {
  page: (query: AuditQuery, before?: number) =>
    apiRequest<AdminAuditPage>('/admin/audit', { query: { ...query, before } }),
};
