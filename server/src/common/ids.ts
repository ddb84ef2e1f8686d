import { z } from 'zod';

/** Our ids are PostgreSQL `integer`s: anything above this is no row, and would be a 500 from the driver. */
export const MAX_DB_ID = 2_147_483_647;
const ID_RANGE = `must be a whole number from 1 to ${MAX_DB_ID}`;

/** A positive database id given as a path or query string ("12"), strictly digits, within integer range. */
export const idString = z
  .string()
  .regex(/^\d{1,10}$/, ID_RANGE)
  .transform(Number)
  .refine((n) => n > 0 && n <= MAX_DB_ID, ID_RANGE);

/** A positive database id sent as a JSON number (or a digit string by older clients). */
export const dbId = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,10}$/, ID_RANGE)
      .transform(Number),
  ])
  .refine((n) => n > 0 && n <= MAX_DB_ID, ID_RANGE);

/** A JSON integer column value (price policy, allocation), within PostgreSQL integer range. */
export const dbInt = z.number().int().min(-MAX_DB_ID).max(MAX_DB_ID);

/** "1,2,3" -> [1,2,3]; an empty string is an empty list. */
export const idList = z
  .string()
  .max(2000)
  .transform((s, ctx) => {
    if (s.trim() === '') return [] as number[];
    const parts = s.split(',').map((p) => p.trim());
    const ids: number[] = [];
    for (const part of parts) {
      if (!/^\d{1,10}$/.test(part) || Number(part) <= 0 || Number(part) > MAX_DB_ID) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not a positive whole number` });
        return z.NEVER;
      }
      ids.push(Number(part));
    }
    return ids;
  });

/** "1"/"0"/"true"/"false" flags as the storefront sends them. */
export const flag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/**
 * The years the product deals in: births from 1900, sales and reports up to 2199. Outside them a date is a typing
 * mistake or a probe, and years PostgreSQL or JavaScript treat specially (0000, 0001, five digits) never reach them.
 */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2199;

/** The revision an edit was made against (optimistic concurrency: a stale one answers 409 STALE_REVISION). */
export const revision = z.number().int().positive();

/** A calendar date YYYY-MM-DD that really exists, in the years the product deals in. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'is not a real calendar date')
  .refine((s) => {
    const year = Number(s.slice(0, 4));
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  }, `must be in the years ${FIRST_YEAR}-${LAST_YEAR}`);

/**
 * An ISO 8601 moment with its offset (2027-03-01T10:00:00+02:00), within real offsets (UTC-12:00 to UTC+14:00) and
 * the years the product deals in: `-21:17` or year 0034 is refused by name instead of stored or failing later.
 */
export const isoMoment = z
  .string()
  .datetime({ offset: true })
  .refine((s) => {
    const offset = /([+-])(\d{2}):?(\d{2})$/.exec(s);
    if (!offset) return true; // 'Z'
    const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
    return minutes >= -12 * 60 && minutes <= 14 * 60;
  }, 'the offset must be between -12:00 and +14:00')
  .refine((s) => {
    const year = new Date(s).getUTCFullYear();
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  }, `must be in the years ${FIRST_YEAR}-${LAST_YEAR}`);

/**
 * A text path parameter (a reference, a URL slug, an order identifier). `/api/x/%20` reaches the handler as " ":
 * trimmed and required here, so a blank key is a 400 and never a lookup that finds nothing to destructure.
 */
export function pathText(max: number) {
  return z.string().trim().min(1, 'must not be blank').max(max);
}
