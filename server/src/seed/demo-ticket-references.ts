import type { EntityManager } from 'typeorm';

/**
 * Demo ticket references (docs/back-office.md "Ticket references"): on the last
 * reserved show of business 1, a "Municipal staff" ticket that asks for an employee number,
 * with three allowed numbers for the workers' committee; on the last show of business 2, a
 * "Fan club" ticket that asks for a member number and a branch code. Placed on the last show
 * so the flows that pick the soonest one never meet it. Seeded once, also into an older database.
 */
export async function seedDemoTicketReferencesIfEmpty(tx: EntityManager): Promise<void> {
  const [{ n }] = await tx.query('SELECT count(*)::int AS n FROM ticket_reference_option');
  if (n > 0) return;
  const demo = [
    {
      business: 1,
      agent: 'ועד עובדי העירייה',
      ticket: ['עובדי עירייה', 'Municipal staff'],
      prompt1: ['מספר עובד', 'Employee number'],
      prompt2: null,
      translations: {
        ru: { name: 'Сотрудники муниципалитета', ref1prompt: 'Табельный номер' },
        ar: { name: 'موظفو البلدية', ref1prompt: 'رقم الموظف' },
      },
      references: [
        ['EMP-1001', '', 4],
        ['EMP-1002', '', 2],
        ['EMP-1003', '', 1],
      ],
    },
    {
      business: 2,
      agent: 'מועדון האוהדים',
      ticket: ['מועדון אוהדים', 'Fan club'],
      prompt1: ['מספר חבר', 'Member number'],
      prompt2: ['קוד סניף', 'Branch code'],
      translations: {
        ru: { name: 'Фан-клуб', ref1prompt: 'Номер участника', ref2prompt: 'Код отделения' },
        ar: { name: 'نادي المشجعين', ref1prompt: 'رقم العضوية', ref2prompt: 'رمز الفرع' },
      },
      references: [
        ['FAN-1', 'TLV', 10],
        ['FAN-2', 'HFA', 6],
      ],
    },
  ] as const;
  for (const d of demo) {
    const [group] = await tx.query(
      `SELECT g.id, t.price, t.service_charge FROM presentation p
         JOIN ticket_group g ON g.presentation_id = p.id
         JOIN LATERAL (SELECT price, service_charge FROM ticket WHERE ticket_group_id = g.id AND code IS NULL
                        ORDER BY sort_order, id LIMIT 1) t ON true
        WHERE p.business_id = $1 AND p.is_reserved AND p.venue_type_id NOT BETWEEN 101 AND 104
         -- A public show: not the mini-site's own dates nor the on-sale behind the waiting room.
         AND NOT EXISTS (SELECT 1 FROM mini_site_presentation m WHERE m.presentation_id = p.id)
         AND NOT EXISTS (SELECT 1 FROM on_sale o WHERE o.presentation_id = p.id OR o.feature_id = p.feature_id)
        ORDER BY p.date_time DESC, p.id DESC, g.sort_order, g.id LIMIT 1`,
      [d.business],
    );
    if (!group) continue;
    const [ticket] = await tx.query(
      `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, price_policy_id, sort_order,
                           ref1_prompt, ref1_prompt_en, ref2_prompt, ref2_prompt_en, translations)
       VALUES ($1, $2, $3, $4, $5, 7, 90, $6, $7, $8, $9, $10) RETURNING id`,
      [
        group.id,
        d.ticket[0],
        d.ticket[1],
        Math.round((group.price * 0.7) / 100) * 100,
        group.service_charge,
        d.prompt1[0],
        d.prompt1[1],
        d.prompt2?.[0] ?? null,
        d.prompt2?.[1] ?? null,
        JSON.stringify(d.translations),
      ],
    );
    const [agent] = await tx.query(
      `INSERT INTO ticket_reference_agent (business_id, name) VALUES ($1, $2) RETURNING id`,
      [d.business, d.agent],
    );
    for (const [reference1, reference2, quantity] of d.references)
      await tx.query(
        `INSERT INTO ticket_reference_option (business_id, agent_id, price_type, price_id, reference1, reference2, quantity)
         VALUES ($1, $2, 1, $3, $4, $5, $6)`,
        [d.business, agent.id, ticket.id, reference1, reference2, quantity],
      );
  }
}
