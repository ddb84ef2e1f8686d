import type { RedeemResponse } from '@hotline/shared';
import { apiRequest } from '../../api/client';

/** The door's call (docs/door-checkin.md): one scan, a fresh nonce each time, the server's answer in our language. */
export function redeem(input: { code: string; presentationId: number; gate: string; device: string }) {
  return apiRequest<RedeemResponse>('/checkin/redeem', {
    method: 'POST',
    body: {
      ...input,
      scannedAt: new Date().toISOString(),
      nonce: crypto.randomUUID(),
      direction: 'in',
    },
  });
}
