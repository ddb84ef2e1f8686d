/** Where Redis is: one server (the default, `npm start`'s embedded one) or a Redis Cluster. */
export type RedisTopology =
  | { mode: 'single'; url: string }
  | { mode: 'cluster'; nodes: { host: string; port: number }[]; username?: string; password?: string };

function hostPort(text: string): { host: string; port: number } {
  const at = text.lastIndexOf(':');
  return { host: text.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(text.slice(at + 1)) };
}

/**
 * REDIS_CLUSTER_NODES (comma-separated host:port seed nodes) or a `redis+cluster://[user:pass@]host:port` REDIS_URL
 * selects cluster mode; the seeds only start discovery, ioredis learns every primary and replica from them.
 * Credentials come from REDIS_URL in both forms.
 */
export function redisTopology(config: { REDIS_URL: string; REDIS_CLUSTER_NODES?: string | undefined }): RedisTopology {
  const url = new URL(config.REDIS_URL);
  const clusterUrl = url.protocol === 'redis+cluster:';
  if (!config.REDIS_CLUSTER_NODES && !clusterUrl) return { mode: 'single', url: config.REDIS_URL };
  const nodes = config.REDIS_CLUSTER_NODES
    ? config.REDIS_CLUSTER_NODES.split(',').map((n) => hostPort(n.trim()))
    : [{ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 6379) }];
  const topology: RedisTopology = { mode: 'cluster', nodes };
  if (url.username) topology.username = decodeURIComponent(url.username);
  if (url.password) topology.password = decodeURIComponent(url.password);
  return topology;
}
