import type { SaleInput } from './sale-input';
import type { SaleStatementPart } from './sale-statement';

// The sale's unlimited lines (gift vouchers bought, donations, signed waivers): nothing to claim or lock, only rows
// to write with the reservation. Each is its own part of the sale statement (sale-statement.ts), with its own
// parameters; they come after the participants' parts, in the order the statement always wrote them.

/** Gift vouchers this order buys: each voucher and its purchase in the voucher ledger. */
const GIFT_VOUCHERS: SaleStatementPart<SaleInput, SaleInput['voucherSales']> = {
  name: 'gift-vouchers',
  payloadOf: (s) => s.voucherSales,
  params: {
    references: (g) => g.map((v) => v.reference),
    names: (g) => g.map((v) => v.name),
    namesEn: (g) => g.map((v) => v.nameEn),
    values: (g) => g.map((v) => v.valueAgorot),
    classIds: (g) => g.map((v) => v.classId),
    priceIds: (g) => g.map((v) => v.priceId),
    validDays: (g) => g.map((v) => v.validDays),
  },
  ctes: (p) => `sold_vouchers AS (
  INSERT INTO system_voucher (reference, name, name_en, translations, initial_agorot, balance_agorot, class_id, price_id, reservation_id, starts_at, expires_at)
  SELECT g.reference, g.name, g.name_en, coalesce((SELECT c.translations FROM system_voucher_class c WHERE c.id = g.class_id), '{}'::jsonb),
         g.value, g.value, g.class_id, g.price_id, res.id, now(), now() + make_interval(days => g.days)
    FROM res, unnest(${p.references}::text[], ${p.names}::text[], ${p.namesEn}::text[], ${p.values}::int[], ${p.classIds}::int[],
                     ${p.priceIds}::int[], ${p.validDays}::int[])
         AS g(reference, name, name_en, value, class_id, price_id, days)
  RETURNING id, initial_agorot, reservation_id
), purchases AS (
  INSERT INTO system_voucher_event (system_voucher_id, kind, amount_agorot, balance_after_agorot, reservation_id)
  SELECT id, 'purchase', initial_agorot, initial_agorot, reservation_id FROM sold_vouchers
  RETURNING id
)`,
};

const DONATIONS: SaleStatementPart<SaleInput, SaleInput['donations']> = {
  name: 'donations',
  payloadOf: (s) => s.donations,
  params: {
    donationIds: (d) => d.map((x) => x.donationId),
    detailIds: (d) => d.map((x) => x.detailId),
    quantities: (d) => d.map((x) => x.quantity),
    units: (d) => d.map((x) => x.unitAgorot),
    receipts: (d) => d.map((x) => x.receiptNumber),
  },
  ctes: (p) => `gifts AS (
  INSERT INTO reservation_donation (reservation_id, donation_id, donation_detail_id, quantity, unit_agorot, receipt_number)
  SELECT res.id, d.did, d.xid, d.qty, d.unit, d.receipt
    FROM res, unnest(${p.donationIds}::int[], ${p.detailIds}::int[], ${p.quantities}::int[], ${p.units}::int[], ${p.receipts}::text[])
         AS d(did, xid, qty, unit, receipt)
  RETURNING id
)`,
};

const WAIVERS: SaleStatementPart<SaleInput, SaleInput['waivers']> = {
  name: 'waivers',
  payloadOf: (s) => s.waivers,
  params: {
    presentationIds: (w) => w.map((x) => x.presentationId),
    participants: (w) => w.map((x) => JSON.stringify(x.participants)),
    signatures: (w) => w.map((x) => x.signatureBase64),
    terms: (w) => w.map((x) => x.terms),
    ips: (w) => w.map((x) => x.ip),
  },
  ctes: (p) => `signed AS (
  INSERT INTO reservation_waiver (reservation_id, presentation_id, participants, signature_png, terms, ip)
  SELECT res.id, w.pid, w.participants::jsonb, decode(w.png, 'base64'), w.terms, w.ip
    FROM res, unnest(${p.presentationIds}::int[], ${p.participants}::text[], ${p.signatures}::text[], ${p.terms}::text[], ${p.ips}::text[])
         AS w(pid, participants, png, terms, ip)
  RETURNING id
)`,
};

/** In the statement's order, after the participants' parts. */
export const SALE_LINES: SaleStatementPart<SaleInput>[] = [GIFT_VOUCHERS, DONATIONS, WAIVERS];
