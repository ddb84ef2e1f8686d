import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['system_voucher_class', 'donation', 'system_voucher', 'membership_price'];

/**
 * Russian and Arabic for gift vouchers and donations: the same `translations` jsonb the catalogue rows
 * carry (`{ "ru": { "name": …, "description": … }, "ar": { … } }`), on the vouchers on sale, the donation causes and
 * each voucher (a sold voucher keeps its class's names, as it keeps the Hebrew and English ones); and on a
 * membership's prices ("10 entries"), which were the last names of the storefront without them. Store credit is
 * named by the server itself, so its existing rows get their names here.
 */
export class GiftTranslations1795820000000 implements MigrationInterface {
  name = 'GiftTranslations1795820000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES)
      await q.query(`ALTER TABLE ${table} ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(
      `UPDATE system_voucher SET translations = $1::jsonb WHERE reference LIKE 'CR%' AND translations = '{}'::jsonb`,
      [JSON.stringify(STORE_CREDIT_TRANSLATIONS)],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`ALTER TABLE ${table} DROP COLUMN translations`);
  }
}

/** The name of store credit from a cancellation, as cancellation.repository.ts writes it now (frozen here). */
const STORE_CREDIT_TRANSLATIONS = {
  ru: { name: 'Кредит за отменённый заказ' },
  ar: { name: 'رصيد من طلب ملغى' },
};
