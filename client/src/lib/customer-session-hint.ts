/**
 * Whether this browser probably has a customer session. The session itself is an httpOnly cookie the page cannot
 * read, so every page used to ask the server (POST /api/customer/refresh, GET /api/customer-area/customerAreaData)
 * and an anonymous visitor's console filled with 401s. This remembers only that a sign-in happened here (no name, no
 * token): set when the server says a session exists, cleared when it says none does or at logout. It never decides
 * anything the server decides; a stale "yes" costs one 401, which clears it.
 */
const KEY = 'customer-session';

export const customerSessionHint = {
  likely(): boolean {
    try {
      return window.localStorage.getItem(KEY) === '1';
    } catch {
      return true; // no storage: ask the server, as before
    }
  },
  signedIn(): void {
    try {
      window.localStorage.setItem(KEY, '1');
    } catch {
      // nothing to remember with
    }
  },
  signedOut(): void {
    try {
      window.localStorage.removeItem(KEY);
    } catch {
      // nothing to forget
    }
  },
};
