import type { EntityManager } from 'typeorm';
import { BACK_OFFICE_PERMISSION } from '@hotline/shared';
import { hashPassword, type PasswordHashCost } from '../customers';

/**
 * Demo back-office staff (README "Back office"). FOR LOCAL USE ONLY: the passwords and
 * authenticator secrets are public. Add a secret to an authenticator app (or compute the
 * code with `node scripts/totp.mjs <secret>`) and sign in at /backoffice.
 * Business 1 owns the cinema and the theatre; business 2 the arena and the stadium.
 */
export const DEMO_STAFF = [
  {
    username: 'admin',
    password: 'demo-admin-password',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    // A person's name: the role ("administrator") is the back office's to say, in the reader's language.
    firstName: 'Michal',
    lastName: 'Cohen',
    businessIds: [1, 2],
    permissions: Object.values(BACK_OFFICE_PERMISSION),
  },
  {
    username: 'producer',
    password: 'demo-producer-password',
    totpSecret: 'KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF',
    firstName: 'Yossi',
    lastName: 'Mizrahi',
    businessIds: [1],
    permissions: [BACK_OFFICE_PERMISSION.presentationsReport],
  },
  {
    username: 'cashier',
    password: 'demo-cashier-password',
    totpSecret: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U',
    firstName: 'Rina',
    lastName: 'Levi',
    businessIds: [1],
    permissions: [BACK_OFFICE_PERMISSION.producerTicketSale, BACK_OFFICE_PERMISSION.producerReservations],
  },
] as const;

export async function seedDemoStaff(tx: EntityManager, passwordCost: PasswordHashCost = 'owasp'): Promise<void> {
  for (const s of DEMO_STAFF) {
    const [row] = await tx.query(
      `INSERT INTO staff_user (username, first_name, last_name, password_hash, totp_secret)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [s.username, s.firstName, s.lastName, await hashPassword(s.password, passwordCost), s.totpSecret],
    );
    for (const b of s.businessIds)
      await tx.query(`INSERT INTO staff_business (staff_user_id, business_id) VALUES ($1, $2)`, [row.id, b]);
    for (const p of s.permissions)
      await tx.query(`INSERT INTO staff_permission (staff_user_id, permission) VALUES ($1, $2)`, [row.id, p]);
  }
}

/** Names the demo staff had before they were people's names (the administrator's was her role, in Hebrew). */
const OLD_NAMES: Record<string, [string, string]> = {
  admin: ['מנהלת', 'המערכת'],
  producer: ['Yossi', 'Producer'],
  cashier: ['Rina', 'Box Office'],
};

/** A database seeded earlier gets the demo staff's new names; a name someone changed is left alone. */
export async function renameDemoStaff(tx: EntityManager): Promise<void> {
  for (const s of DEMO_STAFF) {
    const [first, last] = OLD_NAMES[s.username]!;
    await tx.query(
      `UPDATE staff_user SET first_name = $2, last_name = $3 WHERE username = $1 AND first_name = $4 AND last_name = $5`,
      [s.username, s.firstName, s.lastName, first, last],
    );
  }
}

/**
 * A database seeded before a permission existed (291 catalogue, 292 staff, 293 door) gives the demo staff the
 * permissions their definition lists now. Demo accounts only (they never exist in production).
 */
export async function grantDemoStaffPermissions(tx: EntityManager): Promise<void> {
  for (const s of DEMO_STAFF)
    await tx.query(
      `INSERT INTO staff_permission (staff_user_id, permission)
       SELECT u.id, p FROM staff_user u, unnest($2::int[]) AS p
        WHERE u.username = $1
          AND NOT EXISTS (SELECT 1 FROM staff_permission sp WHERE sp.staff_user_id = u.id AND sp.permission = p)`,
      [s.username, s.permissions],
    );
}
