import { expect, test, type Page, type Route } from '@playwright/test';
import { signInAdmin } from './back-office.support';
import { buyOneSeat } from './customer-area.support';
import { withSql } from './sql.support';

/**
 * Two scanner pages (two browser contexts, two staff sessions, two gates) check the same ticket at the same moment:
 * both requests are held until both have left their pages, then let go together. Exactly one page shows admitted; the
 * other shows already admitted, naming the winner's gate. The guard is the primary key of checkin_admission; its
 * control run (a writer that reads then inserts lets the ticket in at every gate) is the medium test's,
 * server/test/checkin/door-checkin.medium.ts.
 */
function show(): Promise<{ id: number; dateTime: Date }> {
  return withSql(async (sql) => {
    const r = await sql.query(
      `SELECT p.id, p.date_time AS "dateTime" FROM presentation p
        WHERE p.seatplan_id = (SELECT seatplan_id FROM presentation WHERE id = 1) AND p.seating_policy_id = 1
          AND p.date_time > now() + interval '2 days' AND NOT EXISTS (SELECT 1 FROM on_sale o WHERE o.presentation_id = p.id)
        ORDER BY p.id DESC OFFSET 1 LIMIT 1`,
    );
    return r.rows[0];
  });
}

test('two scanners, one ticket, the same moment: one admits, the other says already admitted at that gate', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const s = await show();
  const order = await buyOneSeat(request, s.id, { mobile: '0509990096' });
  const eTicket = (await (await request.get(`/api/edocument/${order.documentKey}?lang=en`)).json()) as {
    reservation: { tickets: { ticketIdentifier: string; qrText: string }[] };
  };
  const { qrText } = eTicket.reservation.tickets[0]!;
  await withSql((sql) =>
    sql.query(`UPDATE presentation SET date_time = now() + interval '30 minutes' WHERE id = $1`, [s.id]),
  );
  const contexts = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
  try {
    const pages: Page[] = [];
    for (const [i, context] of contexts.entries()) {
      const page = await context.newPage();
      await signInAdmin(page, 'presentations-report', 'en');
      await page.goto('/scan?lang=en');
      await page.locator('#scan-presentation').selectOption(String(s.id));
      await page.locator('#scan-gate').fill(`Race gate ${i + 1}`);
      await page.getByRole('button', { name: 'Start scanning' }).click();
      await expect(page.locator('.scan-answer')).toHaveAttribute('data-outcome', 'waiting');
      await page.locator('#scan-code').fill(qrText);
      pages.push(page);
    }

    // The barrier: each page's scan waits until the other's has left too.
    const held: Route[] = [];
    let release!: () => void;
    const bothHeld = new Promise<void>((resolve) => (release = resolve));
    for (const page of pages)
      await page.route('**/api/checkin/redeem*', async (route) => {
        held.push(route);
        if (held.length === 2) release();
        await bothHeld;
        await route.continue();
      });
    await Promise.all(pages.map((page) => page.getByRole('button', { name: 'Check ticket' }).click()));
    await bothHeld;

    const answers = pages.map((page) => page.locator('.scan-answer'));
    for (const answer of answers)
      await expect(answer).toHaveAttribute('data-outcome', /^(admitted|already-admitted)$/, { timeout: 15_000 });
    const outcomes = await Promise.all(answers.map((a) => a.getAttribute('data-outcome')));
    expect([...outcomes].sort()).toEqual(['admitted', 'already-admitted']);
    const winner = outcomes.indexOf('admitted');
    const loser = 1 - winner;
    await expect(answers[loser]!).toContainText(`Race gate ${winner + 1}`);
    const admissions = await withSql(
      async (sql) =>
        (
          await sql.query(
            `SELECT a.gate FROM checkin_admission a JOIN reservation_ticket t ON t.id = a.ticket_id
              WHERE t.reservation_id = (SELECT id FROM reservation WHERE document_key = $1)`,
            [order.documentKey],
          )
        ).rows,
    );
    expect(admissions).toEqual([{ gate: `Race gate ${winner + 1}` }]);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    await withSql((sql) => sql.query(`UPDATE presentation SET date_time = $2 WHERE id = $1`, [s.id, s.dateTime]));
  }
});
