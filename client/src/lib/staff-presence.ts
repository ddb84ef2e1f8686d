/**
 * Whether this browser has a back-office session, as a hint only: the session itself is an
 * httpOnly cookie scripts cannot read, and the server checks it on every staff call. The hint
 * spares every storefront visitor a /backoffice/me request: only a browser that signed in to
 * the back office asks, and shows staff-only controls (the box-office switch) if the answer
 * says so. Never a credential: removing or forging it changes nothing the server allows.
 */
const KEY = 'hotline.staff';

export function markStaffSession(present: boolean): void {
  try {
    if (present) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    /* storage off: the hint is simply absent */
  }
}

export function mayHaveStaffSession(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
