/** The seats context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// The seat engine (locks, sales, releases) and seat locks across presentations (memberships). Its store is private
// to seats/: other contexts change seats through the engine, whose checks and live-state rebuild the store lacks.
export { SeatEngineService } from './seat-engine.service';
export type { SeatRef } from './seat-engine.service';
export type { SeatHold } from './seat-store.port';
export { SeatAcrossService } from './seat-across.service';
// The seat layout of a presentation and its seat keys.
export { isTogetherSeat, parseSeatKey } from './seat-layout';
export type { Layout, LayoutSeat } from './seat-layout';
// The stream of seat changes the live reports listen to.
export { SeatChangeTap } from './seat-change-tap';
// The waiting room's port (queue implements it), the early guard on the hot seat-taking routes and its readers, and
// the OpenAPI marker of a route the waiting room may refuse.
export { ApiQueueRequired, QueueEarly, SeatAdmission, cartPresentations } from './seat-admission';
// The seat calls served as plain routes (app.factory.ts installs them) and the module that declares them.
export { SEAT_PLAIN_ROUTES } from './seat-plain-routes';
export { SeatsModule } from './seats.module';
