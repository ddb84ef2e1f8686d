import type { z } from 'zod';
import { AppError } from './app-error';

/** Parses untrusted input with a zod schema; any problem is a 4xx naming the field, never a 500. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: 'INVALID_QUERY' | 'INVALID_BODY' = 'INVALID_QUERY',
): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new AppError(code, { details });
}
