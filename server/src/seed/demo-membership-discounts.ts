import type { EntityManager } from 'typeorm';

/**
 * Demo membership discount codes (docs/memberships.md, "Discount code"). Seeded once, when there are none yet and
 * the demo memberships exist. Money in agorot.
 *  - MEMBER10: 10 % off every membership and season, no use limit, valid for a year.
 *  - CARD50: 50.00 off the CINEMA-CARD membership only, 100 uses.
 *  - SUMMER25: 25 % off, expired yesterday (shows the refusal).
 */
export async function seedDemoMembershipDiscountsIfEmpty(tx: EntityManager): Promise<boolean> {
  const [{ n }] = await tx.query('SELECT count(*)::int AS n FROM membership_discount_code');
  if (n > 0) return false;
  const [card] = await tx.query(`SELECT id FROM membership WHERE code = 'CINEMA-CARD'`);
  if (!card) return false;
  await tx.query(
    `INSERT INTO membership_discount_code (code, name, kind, value, membership_ids, max_uses, valid_from, valid_until)
     VALUES ('MEMBER10', '10% off memberships', 'percent', 10, '{}', NULL, now() - interval '1 day', now() + interval '1 year'),
            ('CARD50', '50 off the cinema card', 'amount', 5000, ARRAY[$1::int], 100, now() - interval '1 day', now() + interval '1 year'),
            ('SUMMER25', 'Summer 25% (ended)', 'percent', 25, '{}', NULL, now() - interval '60 days', now() - interval '1 day')`,
    [card.id],
  );
  return true;
}
