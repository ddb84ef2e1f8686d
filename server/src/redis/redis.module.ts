import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis, { Cluster, type RedisOptions } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { redisTopology, type RedisTopology } from './redis-topology';

export const REDIS = Symbol('REDIS');

/**
 * Owns the ioredis connections; only adapters inject them. The one place that creates Redis clients: the command
 * client and every subscriber connection (subscriber()), for one Redis or a Redis Cluster alike.
 *
 * On a cluster the client is an ioredis Cluster, typed as Redis for the adapters: it has the same command surface,
 * routes each command (and each script, by its first key) to the primary of the key's slot, follows MOVED/ASK and
 * refreshes the slot map after a failover. Scripts are sent as EVALSHA and re-sent as EVAL on NOSCRIPT
 * (ioredis Script), so a promoted replica that never saw a script loads it on first use.
 */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis;
  readonly topology: RedisTopology;
  private readonly options: RedisOptions;
  private readonly subscribers = new Set<Redis | Cluster>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.topology = redisTopology(config);
    this.options = {
      lazyConnect: false,
      // Degraded mode: while Redis is unreachable a command fails after one reconnect attempt
      // (and never waits longer than the command timeout), so the seat calls answer 503 at once
      // instead of queueing until Redis returns.
      maxRetriesPerRequest: 1,
      commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: Math.max(1000, config.REDIS_COMMAND_TIMEOUT_MS),
      connectionName: `hotline-${process.pid}`,
    };
    this.client = this.create(this.options.connectionName!, false);
    // Errors surface on commands; an unhandled 'error' event would crash the process.
    this.client.on('error', () => undefined);
  }

  get cluster(): boolean {
    return this.topology.mode === 'cluster';
  }

  /**
   * A connection for SUBSCRIBE (a subscribed connection can do nothing else). On a cluster it also opens one
   * sharded-subscriber connection per primary (SSUBSCRIBE), which ioredis moves to the new primary after a failover.
   * Closed with the application.
   */
  subscriber(name: string): Redis {
    const sub = this.create(`${name}-${process.pid}`, true);
    this.subscribers.add(sub);
    return sub;
  }

  private create(connectionName: string, subscriber: boolean): Redis {
    const t = this.topology;
    if (t.mode === 'single') return new Redis(t.url, { ...this.options, connectionName, enableAutoPipelining: true });
    const cluster = new Cluster(t.nodes, {
      enableAutoPipelining: true,
      shardedSubscribers: subscriber,
      // Its own list: adapters add the variable-key scripts ioredis cannot route inside an auto-pipeline.
      autoPipeliningIgnoredCommands: [],
      // A failover takes a few seconds (cluster-node-timeout); commands in between wait for the new slot map
      // within the command timeout, then fail (503), never hang.
      retryDelayOnFailover: 200,
      retryDelayOnClusterDown: 200,
      // ioredis does not poll the slot map by default. A subscriber connection sends no commands, so it would never
      // hear of a promoted replica (no MOVED ever reaches it): poll, and its sharded subscribers follow in seconds.
      slotsRefreshInterval: 2000,
      // CLUSTER SLOTS gets the connect timeout (ioredis' default is 1 s): on a starved machine a first slot map
      // that takes longer fails the connection attempt (start-up retries it: common/until-dependency-answers.ts).
      slotsRefreshTimeout: this.options.connectTimeout,
      redisOptions: {
        ...this.options,
        connectionName,
        ...(t.username ? { username: t.username } : {}),
        ...(t.password ? { password: t.password } : {}),
      },
    });
    // Same command surface (ioredis Commander); see the class comment.
    return cluster as unknown as Redis;
  }

  /**
   * Closes a subscriber connection its owner is done with (replaced, or the owner stopping), and forgets it, so that
   * the shutdown does not close it a second time: QUIT on a closed connection fails, and the disconnect() after it
   * arms ioredis' 2 s stream-destroy timer, which nothing clears once the socket has closed. Two seconds in which the
   * process cannot exit (every jest worker that ended on a medium file was killed for it).
   */
  async close(sub: Redis | Cluster): Promise<void> {
    this.subscribers.delete(sub);
    await sub.quit().catch(() => sub.disconnect());
  }

  /** Drops a subscriber connection at once (one that never answered), and forgets it. */
  drop(sub: Redis | Cluster): void {
    this.subscribers.delete(sub);
    sub.disconnect();
  }

  async onApplicationShutdown(): Promise<void> {
    const all = [this.client, ...this.subscribers].filter((c) => c.status !== 'end');
    this.subscribers.clear();
    await Promise.all(all.map((c) => c.quit().catch(() => c.disconnect())));
  }
}

@Global()
@Module({
  providers: [
    RedisConnection,
    { provide: REDIS, useFactory: (c: RedisConnection) => c.client, inject: [RedisConnection] },
  ],
  exports: [REDIS, RedisConnection],
})
export class RedisModule {}
