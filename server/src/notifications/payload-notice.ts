import { stripBidiMarks } from '@hotline/shared';

/** A notice's texts in one language: the e-mail's subject and body, and the SMS. */
export interface NoticeWords {
  subject: string;
  body: string;
  sms: string;
}

/** Fills {placeholders}; a missing one is left empty. */
export const fill = (text: string, params: Record<string, string>): string =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');

/**
 * A notice that carries its own data (the outbox row's payload, no order documents), by channel: the e-mail's
 * subject and body, or the SMS without the direction marks a phone would show as boxes.
 */
export function renderNotice(
  words: NoticeWords,
  params: Record<string, string>,
  channel: 'email' | 'sms',
): { subject: string | null; body: string } {
  if (channel === 'sms') return { subject: null, body: stripBidiMarks(fill(words.sms, params)) };
  return { subject: fill(words.subject, params), body: fill(words.body, params) };
}
