import type { Locale } from './locale';

export type Messages = Record<Locale, string>;

/** A catalogue of one module's error codes with their texts in every language. */
export type ErrorCatalogue<Code extends string> = Record<Code, { status: number; message: Messages }>;

const registry = new Map<string, { status: number; message: Messages }>();

/** Modules register their catalogues so the global filter can translate any code. */
export function registerErrors<Code extends string>(catalogue: ErrorCatalogue<Code>): ErrorCatalogue<Code> {
  for (const [code, entry] of Object.entries(catalogue) as [string, { status: number; message: Messages }][]) {
    registry.set(code, entry);
  }
  return catalogue;
}

/** Fills {placeholders} from params. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/**
 * The one exception our code throws on purpose. The filter turns it into
 * `{ error: code, message }` with the message in the user's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, unknown> = {},
    readonly statusOverride?: number,
  ) {
    super(code);
  }

  get status(): number {
    return this.statusOverride ?? registry.get(this.code)?.status ?? 400;
  }

  /**
   * Fields an error adds to the one `{ error, message }` shape (e.g. QUEUE_REQUIRED's queueUrl); none by default.
   * `locale` is the reader's, for fields that are sentences (a list of problems).
   */
  extraBody(_locale?: Locale): Record<string, unknown> | undefined {
    return undefined;
  }

  translate(locale: Locale): string {
    const entry = registry.get(this.code);
    return interpolate(entry?.message[locale] ?? entry?.message.en ?? this.code, this.params);
  }
}
