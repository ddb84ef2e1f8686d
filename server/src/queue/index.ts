/** The queue context's public entry (docs/architecture.md, "Boundaries"): what other contexts may import. */
// The admission gate the seat engine asks, and its OpenAPI marker for the routes behind it.
export { AdmissionGate, ApiQueueRequired } from './admission-gate';
// The early guard that asks the same gate on the hot public routes (before rate limit and bot check), and the
// readers of the presentations such a request names.
export { QueueEarly, bestAvailablePresentation, cartPresentations, lockSeatPresentation } from './queue-early-check';
