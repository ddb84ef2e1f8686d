import type { CheckinManifest, CheckinUploadResponse, QueuedScan, RedeemResponse } from '@hotline/shared';
import { apiRequest } from '../api/client';

/** The door's calls (docs/door-checkin.md): one scan under its nonce, the server's answer in our language. */
export function redeem(input: {
  code: string;
  presentationId: number;
  gate: string;
  device: string;
  scannedAt: string;
  nonce: string;
}) {
  return apiRequest<RedeemResponse>('/checkin/redeem', { method: 'POST', body: { ...input, direction: 'in' } });
}

export function manifestOf(presentationId: number, device: string) {
  return apiRequest<CheckinManifest>(`/checkin/presentations/${presentationId}/manifest`, { query: { device } });
}

export function uploadScans(presentationId: number, device: string, scans: QueuedScan[]) {
  return apiRequest<CheckinUploadResponse>('/checkin/uploads', {
    method: 'POST',
    body: { presentationId, device, scans },
  });
}
