/** The customers context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// Session cookies, shared with the staff sessions and the waiting room's cookie.
export { clearCookie, clientIp, cookieValue, setCookie } from './customer-cookies';
// The signed-in customer of a request, for the customer-facing controllers of other contexts.
export { CustomerSessions } from './customer-sessions.service';
// Password hashing, shared with staff login and the demo seed.
export { hashPassword, type PasswordHashCost } from './password-login.service';
// Random session handles and their stored hash, shared with the staff sessions.
export { handleHash, newHandle } from './secrets';
