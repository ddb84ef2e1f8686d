import { z } from 'zod';

/** Text a person typed for others to read: no markup (it is shown in pages and sent in messages). */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !/[<>]/.test(s), 'must not contain < or >');

/** A name in the four languages: Hebrew and English required, Russian and Arabic may be left empty. */
export const names = z.object({
  he: plainText(120).pipe(z.string().min(1)),
  en: plainText(120).pipe(z.string().min(1)),
  ru: plainText(120).default(''),
  ar: plainText(120).default(''),
});

export const revisionQuery = z.object({
  revision: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number),
});
