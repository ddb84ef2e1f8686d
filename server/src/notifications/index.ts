// The notifications context's public entry: what other contexts may import (server/test/architecture).
export { enqueueMessages, sendSmsNow } from './outbox-writer';
