import type { FastifyReply, FastifyRequest } from 'fastify';
import { applySecurityHeaders } from '../../src/common/security-headers';

/** The camera is the door scanner's document's alone (docs/door-checkin.md): every other page may not ask for it. */
function permissionsPolicyFor(url: string): string {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  applySecurityHeaders({ PUBLIC_BASE_URL: undefined }, { url, protocol: 'http' } as FastifyRequest, reply);
  return headers['permissions-policy']!;
}

describe('Permissions-Policy', () => {
  it.each([
    ['/scan', 'camera=(self)'],
    ['/scan?lang=he', 'camera=(self)'],
    ['/scan/', 'camera=(self)'],
    ['/scanner', 'camera=()'],
    ['/booking', 'camera=()'],
    ['/backoffice/scan', 'camera=()'],
    ['/api/checkin/redeem', 'camera=()'],
  ])('%s -> %s', (url, camera) => {
    const policy = permissionsPolicyFor(url);
    expect(policy.split(', ')[0]).toBe(camera);
    expect(policy).toContain('microphone=()');
  });
});
