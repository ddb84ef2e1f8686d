// The notifications context's public entry: what other contexts may import (server/test/architecture).
export { enqueueMessages, sendSmsNow } from './outbox-writer';
// The port messages leave through (SMS codes, membership notices).
export { NotificationSender } from './notification-sender.port';
// The notice of a date the back office moved (its template and payload).
export { DATE_CHANGE_TEMPLATE, type DateChangePayload } from './date-change-notice';
// The notice of a date the back office cancelled.
export { EVENT_CANCELLED_TEMPLATE, type EventCancelledPayload } from './event-cancelled-notice';
