import type { ChannelQuery } from '../channels';
import type { PlainRoute } from '../common/plain-route';
import { SeatsController } from './seats.controller';
import type { BestAvailableQuery, LockSeatBody } from './seats.queries';

/**
 * The calls an on-sale crowd makes thousands of times a second, served without Nest's per-request pipeline
 * (common/plain-route.ts): the same decorators, guards, inputs and errors, the controller's own methods.
 */
export const SEAT_PLAIN_ROUTES: readonly PlainRoute<SeatsController>[] = [
  {
    method: 'PUT',
    url: '/api/seats/lock-seat',
    controller: SeatsController,
    handler: SeatsController.prototype.lock,
    call: (seats, request, inputs) =>
      seats.lock(request.visitorId, inputs.body as LockSeatBody, inputs.query as ChannelQuery, request.ip),
  },
  {
    method: 'PUT',
    url: '/api/seats/unlock-seat',
    controller: SeatsController,
    handler: SeatsController.prototype.unlock,
    call: (seats, request, inputs) => seats.unlock(request.visitorId, inputs.body as LockSeatBody, request.ip),
  },
  {
    method: 'GET',
    url: '/api/seats/best-available',
    controller: SeatsController,
    handler: SeatsController.prototype.bestAvailable,
    call: (seats, request, inputs) =>
      seats.bestAvailable(request.visitorId, inputs.query as BestAvailableQuery, request.ip),
  },
];
