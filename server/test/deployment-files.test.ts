import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

/** Docker does not run on our machines, so the compose file is checked here instead. */
const root = path.resolve(__dirname, '../..');
const compose = yaml.load(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, any>;
  volumes: Record<string, unknown>;
};

describe('docker-compose.yml', () => {
  test('has postgres, redis, the server and nginx', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['nginx', 'postgres', 'redis', 'server']);
  });

  test('redis keeps an append-only file', () => {
    expect(compose.services.redis.command.join(' ')).toContain('--appendonly yes');
    expect(compose.services.redis.volumes[0]).toMatch(/:\/data$/);
  });

  test('the server runs two replicas wired to postgres and redis', () => {
    const server = compose.services.server;
    expect(server.deploy.replicas).toBe(2);
    expect(server.environment.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(server.environment.REDIS_URL).toBe('redis://redis:6379');
    expect(server.depends_on.postgres.condition).toBe('service_healthy');
    expect(server.depends_on.redis.condition).toBe('service_healthy');
    // Replicas must not publish a fixed host port (they would collide); nginx fronts them.
    expect(server.ports).toBeUndefined();
  });

  test.each([
    ['nginx', '8080:80'],
    ['postgres', '5432:5432'],
    ['redis', '6379:6379'],
  ])('%s publishes %s', (service, mapping) => {
    expect(compose.services[service].ports).toContain(mapping);
  });

  test('secrets and the public address come from the environment, never from the file', () => {
    const environment = compose.services.server.environment as Record<string, string>;
    for (const name of ['ALTCHA_HMAC_KEY', 'TICKET_SIGNING_KEY', 'PUBLIC_BASE_URL']) {
      // ${NAME:?message}: compose refuses to start when it is not set.
      expect(environment[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
    }
    const files =
      readFileSync(path.join(root, 'docker-compose.yml'), 'utf8') + readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(files).not.toContain('development-only');
    // The image runs as production: the server then refuses development secrets.
    expect(readFileSync(path.join(root, 'Dockerfile'), 'utf8')).toMatch(/ENV NODE_ENV=production/);
  });

  test('nginx passes WebSocket upgrades to the server replicas', () => {
    const mount = compose.services.nginx.volumes[0] as string;
    const conf = readFileSync(path.join(root, mount.split(':')[0]), 'utf8');
    expect(conf).toContain('server server:3000');
    expect(conf).toMatch(/location \/socket\.io\//);
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade');
    expect(conf).toContain('proxy_set_header Connection $connection_upgrade');
    expect(conf).toContain('proxy_http_version 1.1');
  });

  test('the Dockerfile builds and runs the server with a health check', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('npm ci');
    expect(dockerfile).toContain('CMD ["node", "server/dist/main.js"]');
    expect(dockerfile).toContain('/api/health');
  });
});
