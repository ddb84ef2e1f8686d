import { z } from 'zod';
import { idString } from '../common/ids';

/** GET /api/altcha/challenge: optionally the presentation the visitor is about to book (its load sets the work). */
export const challengeQuery = z.object({
  presentationId: idString.optional(),
});
export type ChallengeQuery = z.infer<typeof challengeQuery>;
