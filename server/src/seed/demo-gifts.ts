import type { EntityManager } from 'typeorm';
import { translationsOf } from './demo-translations';

/**
 * Demo gift vouchers on sale and donations. Seeded once, when there are
 * none yet - also into a database seeded before they existed, so `npm start` on an
 * old .data directory shows them too. Money in agorot.
 */
export const DEMO_GIFT_CLASSES = [
  {
    superClassId: 1,
    name: 'שובר מתנה',
    nameEn: 'Gift voucher',
    description: 'שובר לכל מופע, בתוקף שנה. אפשר לשלם בו בחלקים.',
    descriptionEn: 'Good for any show for a year. It can be spent in parts.',
    validDays: 365,
    onlyFirstLocation: false,
    prices: [
      { price: 10_000, value: 10_000, reference: 'GIFT100', isNew: false },
      { price: 20_000, value: 20_000, reference: 'GIFT200', isNew: false },
      { price: 45_000, value: 50_000, reference: 'GIFT500', isNew: true },
    ],
  },
  {
    superClassId: 2,
    name: 'שובר חוויה לזוג',
    nameEn: 'Evening for two',
    description: 'שובר לערב לשניים באולם הראשון, בתוקף חצי שנה.',
    descriptionEn: 'An evening for two at our main hall, valid for six months.',
    validDays: 180,
    onlyFirstLocation: true,
    prices: [{ price: 25_000, value: 25_000, reference: 'COUPLE', isNew: false }],
  },
] as const;

export const DEMO_DONATIONS = [
  {
    code: 'YOUTH',
    name: 'קרן כרטיסים לבני נוער',
    nameEn: 'Tickets for young people',
    description: 'כל תרומה מממנת כרטיסים לבני נוער שאינם יכולים לרכוש אותם.',
    descriptionEn: 'Every gift buys tickets for young people who could not otherwise come.',
    presets: [1_800, 5_000, 10_000],
    min: 1_000,
    max: 1_000_000,
  },
  {
    code: 'ARTISTS',
    name: 'תמיכה באמנים',
    nameEn: 'Support our artists',
    description: 'תרומה לקרן האמנים של התיאטרון.',
    descriptionEn: "A gift to the theatre's artists' fund.",
    presets: [3_600, 18_000],
    min: 500,
    max: 500_000,
  },
] as const;

export async function seedDemoGiftsIfEmpty(tx: EntityManager): Promise<boolean> {
  const [{ n }] = await tx.query('SELECT count(*)::int AS n FROM system_voucher_class');
  if (n > 0) {
    await translateDemoGifts(tx);
    return false;
  }
  await seedClassesAndDonations(tx);
  await translateDemoGifts(tx);
  return true;
}

async function seedClassesAndDonations(tx: EntityManager): Promise<void> {
  const [first] = await tx.query('SELECT min(id) AS id FROM location');
  for (const [i, c] of DEMO_GIFT_CLASSES.entries()) {
    const locations = c.onlyFirstLocation && first?.id ? [first.id] : null;
    const [row] = await tx.query(
      `INSERT INTO system_voucher_class (super_class_id, name, name_en, description, description_en, valid_days, location_ids, sort, translations)
       VALUES ($1, $2, $3, $4, $5, $6, $7::int[], $8, $9) RETURNING id`,
      [
        c.superClassId,
        c.name,
        c.nameEn,
        c.description,
        c.descriptionEn,
        c.validDays,
        locations,
        i,
        JSON.stringify(translationsOf({ name: c.nameEn, description: c.descriptionEn })),
      ],
    );
    for (const [j, p] of c.prices.entries()) {
      await tx.query(
        `INSERT INTO system_voucher_price (class_id, price_agorot, value_agorot, redemption_reference, is_new, sort)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [row.id, p.price, p.value, p.reference, p.isNew, j],
      );
    }
  }
  const [{ d }] = await tx.query('SELECT count(*)::int AS d FROM donation');
  if (d === 0) {
    for (const [i, don] of DEMO_DONATIONS.entries()) {
      const [row] = await tx.query(
        `INSERT INTO donation (code, name, name_en, description, description_en, min_custom_agorot, max_custom_agorot, sort, translations)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          don.code,
          don.name,
          don.nameEn,
          don.description,
          don.descriptionEn,
          don.min,
          don.max,
          i,
          JSON.stringify(translationsOf({ name: don.nameEn, description: don.descriptionEn })),
        ],
      );
      for (const [j, amount] of don.presets.entries()) {
        await tx.query(`INSERT INTO donation_detail (donation_id, amount_agorot, sort) VALUES ($1, $2, $3)`, [
          row.id,
          amount,
          j,
        ]);
      }
      await tx.query(`INSERT INTO donation_detail (donation_id, is_custom, sort) VALUES ($1, true, $2)`, [
        row.id,
        don.presets.length,
      ]);
    }
  }
}

/**
 * A database seeded before gift texts had Russian and Arabic gets them for the demo's own rows: matched by
 * their English name, and only where a row has no translations yet (nothing someone wrote is overwritten).
 */
async function translateDemoGifts(tx: EntityManager): Promise<void> {
  const texts = [...DEMO_GIFT_CLASSES, ...DEMO_DONATIONS].map((x) => ({
    nameEn: x.nameEn,
    descriptionEn: x.descriptionEn,
  }));
  for (const table of ['system_voucher_class', 'donation'])
    for (const t of texts)
      await tx.query(
        `UPDATE ${table} SET translations = $3::jsonb
          WHERE name_en = $1 AND description_en = $2 AND translations = '{}'::jsonb`,
        [t.nameEn, t.descriptionEn, JSON.stringify(translationsOf({ name: t.nameEn, description: t.descriptionEn }))],
      );
  // Vouchers keep the names they were sold or given with: the demo ones and those sold from a demo class.
  await tx.query(
    `UPDATE system_voucher v SET translations = jsonb_build_object('ru', jsonb_build_object('name', c.translations->'ru'->>'name'),
                                                                  'ar', jsonb_build_object('name', c.translations->'ar'->>'name'))
       FROM system_voucher_class c
      WHERE c.id = v.class_id AND v.translations = '{}'::jsonb AND c.translations ? 'ru'`,
  );
  // The demo vouchers (payment/demo-vouchers.ts, demo-customers.ts) are inserted with their Hebrew and English names.
  for (const { nameEn } of await tx.query(
    `SELECT DISTINCT name_en AS "nameEn" FROM system_voucher WHERE translations = '{}'::jsonb AND class_id IS NULL`,
  )) {
    const names = translationsOf({ name: nameEn });
    if (names.ru?.name)
      await tx.query(
        `UPDATE system_voucher SET translations = $2::jsonb WHERE name_en = $1 AND translations = '{}'::jsonb`,
        [nameEn, JSON.stringify(names)],
      );
  }
}
