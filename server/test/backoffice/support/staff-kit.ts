import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { hotp, base32Decode, totpStep } from '../../../src/backoffice/totp';
import { DEMO_STAFF } from '../../../src/seed/demo-staff';

export type DemoStaffName = (typeof DEMO_STAFF)[number]['username'];

export function demoStaff(name: DemoStaffName) {
  return DEMO_STAFF.find((s) => s.username === name)!;
}

/** The authenticator code of a demo account, `offset` steps from now. */
export function totpFor(name: DemoStaffName, offset = 0): string {
  return hotp(base32Decode(demoStaff(name).totpSecret), totpStep(Date.now()) + offset);
}

export interface Reply<T = any> {
  status: number;
  body: T;
  setCookies: string[];
}

/** A staff browser: its own visitor uuid and cookie jar. */
export class StaffBrowser {
  readonly visitorId = randomUUID();
  private cookie = '';

  /** `headers`: sent with every call (a test's X-Forwarded-For: another client address behind the trusted proxy). */
  constructor(
    private readonly base: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async call<T = any>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...this.headers,
        uuid: this.visitorId,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookies = response.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const [name, value] = pair!.split('=');
      if (name === 'staff_session') this.cookie = value ? `staff_session=${value}` : '';
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: parsed as T, setCookies };
  }

  get sessionCookie(): string {
    return this.cookie;
  }

  set sessionCookie(value: string) {
    this.cookie = value;
  }

  signIn(username: string, password: string, totpCode: string) {
    return this.call('POST', '/api/backoffice/sign-in', { username, password, totpCode });
  }
}

/**
 * Signs a demo account in. A TOTP step is accepted once per account, and tests sign the
 * same account in many times a minute, so the account's last used step is reset first
 * (the replay test does not use this helper).
 */
export async function signedIn(
  base: string,
  sql: Client,
  name: DemoStaffName,
  /** The time the server reads (a test's ManualClock, which a slow machine leaves behind the wall clock). */
  serverNowMs: number = Date.now(),
): Promise<StaffBrowser> {
  await sql.query(
    `WITH forgotten AS (DELETE FROM staff_sign_in_failure)
     UPDATE staff_user SET last_totp_step = 0, failed_attempts = 0, locked_until = NULL WHERE username = $1`,
    [name],
  );
  const b = new StaffBrowser(base);
  const code = hotp(base32Decode(demoStaff(name).totpSecret), totpStep(serverNowMs));
  const r = await b.signIn(name, demoStaff(name).password, code);
  if (r.status !== 200) throw new Error(`sign-in of ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return b;
}
