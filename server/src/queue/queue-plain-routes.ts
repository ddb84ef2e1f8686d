import type { z } from 'zod';
import type { PlainRoute } from '../common/plain-route';
import { QueueController, type joinBody } from './queue.controller';

/**
 * The waiting room's calls a whole on-sale makes at its opening (3,333 joins a second in docs/scaling.md's model,
 * each after its challenge), served without Nest's per-request pipeline (common/plain-route.ts): the same rate
 * limit, inputs, headers, refusal filter and pass cookie (through `@Cookies()`), the controller's own method.
 */
export const QUEUE_PLAIN_ROUTES: readonly PlainRoute<QueueController>[] = [
  {
    method: 'GET',
    url: '/api/queue/:presentationId/challenge',
    controller: QueueController,
    handler: QueueController.prototype.challenge,
    call: (queue, _request, inputs) => queue.challenge(inputs.params as { presentationId: number }),
  },
  {
    method: 'POST',
    url: '/api/queue/:presentationId/join',
    controller: QueueController,
    handler: QueueController.prototype.join,
    call: (queue, request, inputs, cookies) =>
      queue.join(
        request.visitorId,
        inputs.params as { presentationId: number },
        inputs.body as z.infer<typeof joinBody>,
        cookies,
        request.ip,
      ),
  },
];
