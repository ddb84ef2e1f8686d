import { z } from 'zod';

/** A positive database id given as a path or query string ("12"), strictly digits. */
export const idString = z
  .string()
  .regex(/^\d{1,12}$/, 'must be a positive whole number')
  .transform(Number)
  .refine((n) => n > 0 && Number.isSafeInteger(n), 'must be a positive whole number');

/** "1,2,3" -> [1,2,3]; an empty string is an empty list. */
export const idList = z
  .string()
  .max(2000)
  .transform((s, ctx) => {
    if (s.trim() === '') return [] as number[];
    const parts = s.split(',').map((p) => p.trim());
    const ids: number[] = [];
    for (const part of parts) {
      if (!/^\d{1,12}$/.test(part) || Number(part) <= 0) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not a positive whole number` });
        return z.NEVER;
      }
      ids.push(Number(part));
    }
    return ids;
  });

/** "1"/"0"/"true"/"false" flags as the storefront sends them. */
export const flag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** A calendar date YYYY-MM-DD that really exists. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'is not a real calendar date');
