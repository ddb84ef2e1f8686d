import { openDataSource } from '../src/database/data-source';
import { seedDemoIfEmpty } from '../src/seed/demo-seed';
import { createTestDatabase, type TestDatabase } from './support/test-env';

/**
 * `npm start` on a demo database seeded before gift, voucher and membership names had Russian and Arabic,
 * and before the demo administrator had a person's name, brings them up to date - and leaves alone what someone
 * changed since.
 */
describe('a demo database seeded earlier', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  test('gets the Russian and Arabic names and the staff names of today, and nothing edited is overwritten', async () => {
    const ds = await openDataSource(db.url, 2);
    try {
      // As an older seed left it.
      await ds.query(`UPDATE system_voucher_class SET translations = '{}'`);
      await ds.query(`UPDATE donation SET translations = '{}' WHERE code = 'YOUTH'`);
      await ds.query(`UPDATE donation SET translations = '{"ru":{"name":"Своё"}}' WHERE code = 'ARTISTS'`);
      await ds.query(`UPDATE system_voucher SET translations = '{}'`);
      await ds.query(`UPDATE membership SET translations = '{"ru":{},"ar":{}}'`);
      await ds.query(`UPDATE membership_price SET translations = '{}'`);
      await ds.query(`UPDATE staff_user SET first_name = 'מנהלת', last_name = 'המערכת' WHERE username = 'admin'`);
      await ds.query(`UPDATE staff_user SET first_name = 'Rina', last_name = 'Someone' WHERE username = 'cashier'`);
      // Seeded before plans carried decor.
      await ds.query(`UPDATE seatplan SET decor = NULL`);

      expect(await seedDemoIfEmpty(ds, { includeStadium: false })).toBeNull();

      const one = async (sql: string) => ((await ds.query(sql)) as Record<string, unknown>[])[0];
      expect(await one(`SELECT translations FROM system_voucher_class WHERE name_en = 'Gift voucher'`)).toEqual({
        translations: {
          ru: { name: 'Подарочный ваучер', description: expect.stringMatching(/[а-я]/) },
          ar: { name: 'قسيمة هدية', description: expect.stringMatching(/[\u0600-\u06ff]/) },
        },
      });
      expect(await one(`SELECT translations->'ar'->>'name' AS ar FROM donation WHERE code = 'YOUTH'`)).toEqual({
        ar: 'تذاكر للشباب',
      });
      expect(await one(`SELECT translations FROM donation WHERE code = 'ARTISTS'`)).toEqual({
        translations: { ru: { name: 'Своё' } },
      });
      expect(
        await one(`SELECT translations->'ru'->>'name' AS ru FROM system_voucher WHERE reference = 'GIFT-100'`),
      ).toEqual({
        ru: 'Подарочный ваучер ₪100',
      });
      expect(await one(`SELECT translations->'ru'->>'name' AS ru FROM membership WHERE code = 'CINEMA-CARD'`)).toEqual({
        ru: 'Киноабонемент',
      });
      expect(
        await one(`SELECT translations->'ar'->>'name' AS ar FROM membership_price WHERE price_code = 'CARD10'`),
      ).toEqual({
        ar: '10 دخولات',
      });
      expect(await ds.query(`SELECT username, first_name, last_name FROM staff_user ORDER BY username`)).toEqual([
        { username: 'admin', first_name: 'Michal', last_name: 'Cohen' },
        { username: 'cashier', first_name: 'Rina', last_name: 'Someone' },
        { username: 'producer', first_name: 'Yossi', last_name: 'Mizrahi' },
      ]);
      // The demo theatre's exits and sound desk, from its venue file; the cinema's file has no decor.
      expect(
        await ds.query(
          `SELECT v.code, jsonb_array_length(sp.decor->'texts') AS texts, sp.decor->'shapes'->0->'label'->>'en' AS shape
             FROM seatplan sp JOIN venue v ON v.id = sp.venue_id WHERE sp.decor IS NOT NULL ORDER BY v.code`,
        ),
      ).toEqual([{ code: 'theatre', texts: 2, shape: 'Sound desk' }]);
    } finally {
      await ds.destroy();
    }
  });
});
