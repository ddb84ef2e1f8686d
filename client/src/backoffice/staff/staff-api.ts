import type { AdminStaff, AdminStaffInput, AdminStaffListResponse, AdminStaffWithSetupLink } from '@hotline/shared';
import { apiRequest } from '../../api/client';

/** The fields an edit changes (all but the username), against the revision it was made on. */
type AdminStaffChange = Omit<AdminStaffInput, 'username'> & { revision: number };

/**
 * Staff accounts (permission 292, docs/back-office.md "Staff"); every refusal is in the reader's language. A new or
 * reset account answers its one-time setup link, shown once.
 */
export const staffApi = {
  list: () => apiRequest<AdminStaffListResponse>('/admin/staff'),
  create: (input: AdminStaffInput) =>
    apiRequest<AdminStaffWithSetupLink>('/admin/staff', { method: 'POST', body: input }),
  update: (id: number, change: AdminStaffChange) =>
    apiRequest<AdminStaff>(`/admin/staff/${id}`, { method: 'PUT', body: change }),
  disable: (id: number, revision: number) =>
    apiRequest<AdminStaff>(`/admin/staff/${id}/disable`, { method: 'POST', body: { revision } }),
  enable: (id: number, revision: number) =>
    apiRequest<AdminStaff>(`/admin/staff/${id}/enable`, { method: 'POST', body: { revision } }),
  /** Clears the password and the authenticator, ends every session; answers a new setup link. */
  reset: (id: number, revision: number) =>
    apiRequest<AdminStaffWithSetupLink>(`/admin/staff/${id}/reset`, { method: 'POST', body: { revision } }),
};
