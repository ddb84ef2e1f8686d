// The notifications context's public entry: what other contexts may import (server/test/architecture).
export { enqueueMessages, sendSmsNow } from './outbox-writer';
// The port messages leave through (SMS codes, membership notices).
export { NotificationSender } from './notification-sender.port';
