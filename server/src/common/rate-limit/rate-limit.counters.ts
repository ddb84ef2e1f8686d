import type { RateLimitCounter } from './rate-limit.service';

/** A rule counted by who calls: the client address or the visitor (the two subjects a counter key can name). */
export interface SubjectRule {
  by: 'ip' | 'visitor';
  limit: number;
  windowSeconds: number;
}

/** The counter key part naming a subject, the same for the route guard and for a script that counts a call itself. */
export const subjectOf = {
  ip: (ip: string): string => `ip:${ip}`,
  visitor: (visitorId: string): string => `v:${visitorId}`,
};

/** The key of one rule's counter under a policy name (RateLimitService adds the deployment's prefix). */
export const counterKey = (name: string, windowSeconds: number, subject: string): string =>
  `${name}:${windowSeconds}:${subject}`;

/**
 * The counters a call spends under these rules, as the route guard builds them: a rule by visitor is skipped when
 * the call has no visitor. For code that counts a call inside its own Redis script (RateLimitService.scriptInputs).
 */
export function subjectCounters(
  name: string,
  rules: readonly SubjectRule[],
  who: { ip: string; visitorId: string | null },
): RateLimitCounter[] {
  return rules.flatMap((rule) => {
    const subject = rule.by === 'ip' ? subjectOf.ip(who.ip) : who.visitorId ? subjectOf.visitor(who.visitorId) : null;
    if (subject === null) return [];
    return [
      { key: counterKey(name, rule.windowSeconds, subject), limit: rule.limit, windowSeconds: rule.windowSeconds },
    ];
  });
}
