import type { DoorConflictReviewed, DoorKeysResponse, DoorPresentationsResponse, DoorReport } from '@hotline/shared';
import { apiRequest } from '../../api/client';

/** The door screen's calls (permission 293; the keys 292; docs/door-checkin.md, "Back office"). */
export const doorsApi = {
  presentations: () => apiRequest<DoorPresentationsResponse>('/admin/doors/presentations'),
  report: (presentationId: number) => apiRequest<DoorReport>(`/admin/doors/presentations/${presentationId}`),
  markReviewed: (scanId: number) =>
    apiRequest<DoorConflictReviewed>(`/admin/doors/conflicts/${scanId}/review`, { method: 'POST' }),
  keys: () => apiRequest<DoorKeysResponse>('/admin/doors/keys'),
  rotateKey: () => apiRequest<DoorKeysResponse>('/admin/doors/keys/rotate', { method: 'POST' }),
};
