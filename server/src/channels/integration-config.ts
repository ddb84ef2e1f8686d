import { z } from 'zod';

/** The demo partner's secret: public in this repository, so production refuses it (app-config.ts). */
export const DEVELOPMENT_PARTNER_SECRET = 'development-only-partner-secret-change-me';

/**
 * Partners allowed to link into the storefront (GET /api/integration): `code:secret` pairs, comma-separated.
 * Codes are short names (letters, digits, hyphens); each secret at least 32 characters.
 */
const partners = z
  .string()
  .max(10_000)
  .transform((raw, ctx) => {
    const out: { code: string; secret: string }[] = [];
    for (const part of raw.split(',').map((p) => p.trim())) {
      if (part === '') continue;
      const at = part.indexOf(':');
      const code = at > 0 ? part.slice(0, at) : '';
      const secret = at > 0 ? part.slice(at + 1) : '';
      if (!/^[a-z0-9-]{1,40}$/.test(code) || secret.length < 32) {
        ctx.addIssue({ code: 'custom', message: 'each entry must be code:secret (code a-z0-9-, secret 32+ chars)' });
        return z.NEVER;
      }
      out.push({ code, secret });
    }
    return out;
  });

export const INTEGRATION_CONFIG_SHAPE = {
  /**
   * Partners allowed to link into the storefront: `code:secret` pairs, comma-separated (each secret 32+ characters).
   * Unset: the demo partner outside production, no partner at all in production.
   */
  INTEGRATION_PARTNERS: partners.optional(),
  /** A partner link's TS older than this is refused (no replay). */
  INTEGRATION_MAX_AGE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** An integrationId is honoured at checkout this long after the link was opened. */
  INTEGRATION_SESSION_HOURS: z.coerce.number().min(0.1).max(168).default(24),
};

/** Production problems of these settings (see productionProblems in app-config.ts). */
export function integrationProductionProblems(config: {
  INTEGRATION_PARTNERS?: { code: string; secret: string }[];
}): string[] {
  return (config.INTEGRATION_PARTNERS ?? []).some((p) => p.secret === DEVELOPMENT_PARTNER_SECRET)
    ? ['INTEGRATION_PARTNERS: a partner has the development secret; give each partner a secret of its own']
    : [];
}

/** The partners in force: the configured ones; unset, the demo partner outside production and none in production. */
export function partnersInForce(config: {
  NODE_ENV: string;
  INTEGRATION_PARTNERS?: { code: string; secret: string }[];
}): { code: string; secret: string }[] {
  if (config.INTEGRATION_PARTNERS) return config.INTEGRATION_PARTNERS;
  return config.NODE_ENV === 'production' ? [] : [{ code: 'demo-partner', secret: DEVELOPMENT_PARTNER_SECRET }];
}
