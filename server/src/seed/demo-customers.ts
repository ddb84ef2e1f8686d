import type { EntityManager } from 'typeorm';
import { hashPassword } from '../customers';

/**
 * Demo customers and per-event cancellation settings (docs/customers.md).
 * Log in at /booking/customer-portal with the ID and mobile below; the code
 * arrives in the development message store (GET /api/notifications/dev/sent-messages).
 * Every second presentation lets customers cancel, with the four kinds of charge
 * in turn, so the cancellation can be tried; the rest keep the spec's default (off).
 */
export const DEMO_CUSTOMERS = [
  {
    ssn: '000000018',
    firstName: 'ישראל',
    lastName: 'ישראלי',
    email: 'israel@example.com',
    mobile: '0501234567',
    password: 'demo-password-1',
  },
  {
    ssn: '000000026',
    firstName: 'Dana',
    lastName: 'Levi',
    email: 'dana@example.com',
    mobile: '0527654321',
    password: 'demo-password-2',
  },
  {
    ssn: '000000034',
    firstName: 'Олег',
    lastName: 'Петров',
    email: 'oleg@example.com',
    mobile: '0541112233',
    password: null,
  },
  {
    ssn: '000000042',
    firstName: 'مريم',
    lastName: 'حداد',
    email: 'maryam@example.com',
    mobile: '0533334444',
    password: null,
  },
] as const;

const CHARGES = [
  { type: 'none', value: 0 },
  { type: 'fixed', value: 500 },
  { type: 'percent', value: 10 },
  { type: 'per_ticket', value: 300 },
  { type: 'percent_per_ticket', value: 5 },
] as const;

export async function seedDemoCustomers(tx: EntityManager): Promise<number> {
  const ids: number[] = [];
  for (const c of DEMO_CUSTOMERS) {
    const [row] = await tx.query(
      `INSERT INTO customer (ssn, first_name, last_name, email, mobile, is_email_allowed, is_sms_allowed, password_hash)
       VALUES ($1, $2, $3, $4, $5, true, true, $6) ON CONFLICT (ssn) DO NOTHING RETURNING id`,
      [c.ssn, c.firstName, c.lastName, c.email, c.mobile, c.password ? await hashPassword(c.password) : null],
    );
    if (row) ids.push(row.id);
  }
  // A gift voucher the first customer bought, to try voucher cancellation and replacement.
  if (ids[0] !== undefined) {
    await tx.query(
      `INSERT INTO system_voucher (reference, name, name_en, initial_agorot, balance_agorot, customer_id, expires_at)
       VALUES ('GIFT-DEMO-100', 'שובר מתנה 100 ₪', 'Gift voucher ₪100', 10000, 10000, $1, now() + interval '1 year')
       ON CONFLICT DO NOTHING`,
      [ids[0]],
    );
  }
  // The first customer's family: members shown in customerInfo.members.
  if (ids.length >= 2) {
    await tx.query(`INSERT INTO customer_member (customer_id, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      ids[0],
      ids[1],
    ]);
  }
  const presentations: { id: number }[] = await tx.query(`SELECT id FROM presentation ORDER BY id`);
  let n = 0;
  for (const p of presentations) {
    if (p.id % 2 === 0) continue;
    const charge = CHARGES[n++ % CHARGES.length]!;
    await tx.query(
      `INSERT INTO presentation_cancellation_policy
         (presentation_id, customer_may_cancel, min_minutes_before_event, max_days_after_purchase, charge_type, charge_value)
       VALUES ($1, true, 60, 30, $2, $3) ON CONFLICT (presentation_id) DO NOTHING`,
      [p.id, charge.type, charge.value],
    );
  }
  return ids.length;
}
