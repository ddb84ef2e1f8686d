import { expect, test } from '@playwright/test';
import {
  buyOnPhone,
  createEvent,
  createProduct,
  createTheatreVenue,
  fillDateSeries,
  jerusalemDay,
  liveTicketsOf,
  newPage,
  phoneOn,
  plusDays,
  setUpAndSignIn,
  sqlOn,
  useEmptyStack,
} from './empty-venue.support';

/**
 * A newcomer sets up a theatre's week, from an empty database and the back office alone: the first administrator's
 * setup link, a venue with `seatmaps/venues/theatre.json`, one event, a series of seven evenings in one step (every
 * day at 20:00, a price for every zone), a product sold with them, each evening published; a buyer on a phone buys two
 * seats and the product for the fourth evening, and pays what the screens set (prices VAT-inclusive, as documented).
 */
const current = useEmptyStack();

test('a newcomer sets up a week: a venue, an event, seven evenings in one step, prices, a product, published, sold', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stack = current();
  const sql = sqlOn(stack);
  expect(await sql(`SELECT id FROM presentation`)).toEqual([]);

  const { context, page } = await newPage(browser, stack);
  await setUpAndSignIn(stack, page, stack.setupLink(), 'admin');
  await createTheatreVenue(page, {
    code: 'week-theatre',
    names: { he: 'תיאטרון השבוע', en: 'Week Theatre', ru: 'Театр недели', ar: 'مسرح الأسبوع' },
    address: 'Herzl 1, Tel Aviv',
  });
  await createEvent(page, {
    names: { he: 'שבעה ערבים', en: 'Seven Evenings', ru: 'Семь вечеров', ar: 'سبع أمسيات' },
    descriptions: {
      he: 'הצגה אחת, שבוע אחד.',
      en: 'One play, one week.',
      ru: 'Один спектакль, одна неделя.',
      ar: 'مسرحية واحدة، أسبوع واحد.',
    },
    minutes: '90',
  });

  // Seven evenings in one step: every day at 20:00, a price for each zone.
  const first = jerusalemDay(20);
  const days = Array.from({ length: 7 }, (_, i) => plusDays(first, i));
  await fillDateSeries(page, {
    venue: 'Week Theatre',
    first,
    time: '20:00',
    everyDays: '1',
    count: '7',
    prices: { A: '180', B: '150', C: '120' },
  });
  await page.getByRole('button', { name: 'Add the dates' }).click();
  await expect(page.getByTestId('bo-event-notice')).toHaveText(
    'Dates added as drafts: 7. Publish each one when it is ready.',
  );

  await createProduct(page, {
    venue: 'Week Theatre',
    event: 'Seven Evenings',
    names: { he: 'תוכנייה', en: 'Programme', ru: 'Программка', ar: 'كتيب' },
    price: '12.00',
  });

  // Each evening published: invisible to buyers until then.
  const ids: number[] = [];
  for (const day of days) {
    const row = page.getByTestId(`bo-date-${day}`);
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('20:00');
    ids.push(Number(await row.getAttribute('data-presentation-id')));
    await row.getByRole('button', { name: /^Publish ?:/ }).click();
    await expect(row).toContainText('Published');
  }
  const published = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM presentation WHERE id = ANY($1) AND published_at IS NOT NULL`,
    [ids],
  );
  expect(published).toEqual([{ n: 7 }]);

  // A buyer on a phone: two seats of the fourth evening (zone B, ₪150 each) and one programme.
  const phone = await phoneOn(browser, stack);
  const sale = await buyOnPhone(phone, ids[3]!, 2, undefined, 'תוכנייה');
  expect(sale.due).toContain('312.00');
  const sold = await liveTicketsOf(stack, [sale.identifier]);
  expect(sold).toEqual([{ presentation_id: ids[3], n: 2 }]);

  await phone.close();
  await context.close();
});
