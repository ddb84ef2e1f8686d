import { DataSource } from 'typeorm';
import { keySlot } from '../../src/redis/cluster-slots';
import { presentationKeys } from '../../src/seats/seat-keys';
import { SeatFeed } from '../../src/seats/seat-feed.service';
import { SeatStore } from '../../src/seats/seat-store.port';
import { startRedisCluster, type TestRedisCluster } from '../support/redis-cluster';
import { startTestApp, type TestApp } from '../support/test-env';
import { loadPlan, status, visitor, Watcher, lockRequest } from '../seats/support/seat-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('../seats/support/bot-check-double'));

/**
 * Lost versions (a Redis Cluster once dropped some of a burst's versions): on a Redis Cluster, a burst of locks on presentations of different shards must reach a
 * socket watcher as contiguous deltas only: no snapshot, no version skipped, and the node's feed needing neither a
 * repair from the log nor a reload (nodes.bench saw tens of thousands of versions replaced by snapshots).
 */
jest.setTimeout(180_000);

const PATIENT = { REDIS_COMMAND_TIMEOUT_MS: '30000', DB_STATEMENT_TIMEOUT_MS: '30000', DB_CONNECT_TIMEOUT_MS: '30000' };
/** Seats locked per presentation: a few seconds of locks at about the benchmark's rate, so stream checks run. */
const PER_PRESENTATION = 3000;
/** The benchmark's lock rate (nodes.bench: about 1,000/s), held for several stream-check periods. */
const LOCKS_PER_SECOND = 1000;

let cluster: TestRedisCluster;
let t: TestApp;

afterAll(async () => {
  await t?.close();
  await cluster?.stop();
});

test('a burst of locks on presentations of different shards reaches watchers as gap-free deltas, with no repair or reload', async () => {
  cluster = await startRedisCluster({ primaries: 3, replicas: true });
  t = await startTestApp({
    ...PATIENT,
    REDIS_URL: `redis://127.0.0.1:${cluster.ports[0]}`,
    REDIS_CLUSTER_NODES: cluster.nodes,
  });
  const store = t.app.get(SeatStore);
  const feed = t.app.get(SeatFeed);
  const ids: number[] = (
    await t.app.get(DataSource).query(`SELECT id FROM presentation WHERE date_time > now() ORDER BY id LIMIT 200`)
  ).map((r: { id: number }) => Number(r.id));
  const picks: { pid: number; keys: string[] }[] = [];
  const primaries = new Set<number>();
  for (const pid of ids) {
    const primary = await cluster.primaryOf(keySlot(presentationKeys('', pid).base));
    if (primaries.has(primary)) continue;
    const info = await loadPlan(t.url, pid).catch(() => null);
    const seats = (info?.seats ?? []).filter((s) => !s.features.includes(1));
    if (!info || seats.length < PER_PRESENTATION) continue;
    if ((await status(t.url, visitor(), pid).catch(() => null)) === null) continue;
    primaries.add(primary);
    picks.push({
      pid,
      keys: seats.slice(0, PER_PRESENTATION).map((s) => `${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`),
    });
    if (picks.length === 3) break;
  }
  expect(picks.length).toBeGreaterThanOrEqual(2);

  // Evidence for the report: every repair or reload the feed starts, with what the mirror had received then.
  // redisSaid: the last version the feed's own version check read for that presentation.
  const started: { pid: number; received: number; redisSaid?: number | null; upto: number | null; reload: boolean }[] =
    [];
  const said = new Map<number, number | null>();
  let checks = 0;
  const currentVersion = store.currentVersion.bind(store);
  jest.spyOn(store, 'currentVersion').mockImplementation(async (pid) => {
    const v = await currentVersion(pid);
    said.set(pid, v);
    checks++;
    return v;
  });
  const internals = feed as unknown as {
    startRepair: (m: { pid: number; received: number }, upto: number | null, reload: boolean) => void;
  };
  // Each stream check's verdict: how many mirrors it found behind (0 in a round that judged in-flight versions right).
  const rounds: number[] = [];
  const checkBehind = feed.checkBehind.bind(feed);
  jest.spyOn(feed, 'checkBehind').mockImplementation(async () => {
    const behind = await checkBehind();
    rounds.push(behind);
    return behind;
  });
  const original = internals.startRepair.bind(feed);
  internals.startRepair = (m, upto, reload) => {
    started.push({ pid: m.pid, received: m.received, redisSaid: said.get(m.pid), upto, reload });
    original(m, upto, reload);
  };

  const watchers = picks.map((p) => new Watcher(t.url, p.pid));
  await Promise.all(watchers.map((w) => w.subscribe()));
  const startVersions = watchers.map((w) => w.version);
  const before = { ...feed.stats };
  const checksBefore = checks;

  // The burst: each seat by its own visitor (the per-visitor cap), paced at LOCKS_PER_SECOND, shards interleaved.
  const jobs = picks.flatMap((p) => p.keys.map((key, i) => ({ pid: p.pid, key, i }))).sort((a, b) => a.i - b.i);
  const t0 = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 60 }, async () => {
      while (next < jobs.length) {
        const n = next++;
        const j = jobs[n]!;
        const wait = t0 + (n * 1000) / LOCKS_PER_SECOND - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const r = await store.lock(
          j.pid,
          lockRequest(visitor(), [j.key], {
            ttlMs: 120_000,
            sectionSize: 100_000,
            reservedTotal: 100_000,
            ownerSetTtlSeconds: 120,
          }),
        );
        expect(r.ok).toBe(true);
      }
    }),
  );
  const ms = Date.now() - t0;
  const finals = await Promise.all(picks.map((p) => store.currentVersion(p.pid)));
  await Promise.all(watchers.map((w, i) => w.until(() => w.version >= finals[i]!, 30_000)));
  // A stream check that is still due might yet act: give it one period.
  await new Promise((r) => setTimeout(r, 2500));

  const report = {
    locksPerSecond: Math.round((jobs.length / ms) * 1000),
    versionChecks: checks - checksBefore,
    stats: Object.fromEntries(Object.entries(feed.stats).map(([k, v]) => [k, v - before[k as keyof typeof before]])),
    roundsBehind: rounds.filter((n) => n > 0).length,
    rounds: rounds.length,
    started: started.slice(0, 8),
    startedTotal: started.length,
  };
  console.log(JSON.stringify(report, null, 1));
  for (const [i, w] of watchers.entries()) {
    expect(w.gaps).toEqual([]);
    expect(w.snapshots).toHaveLength(1);
    // Every version from subscribe to the end of the burst came as a delta, once.
    let covered = 0;
    for (const d of w.deltas) covered += d.toVersion - d.fromVersion;
    expect({ pid: w.presentationId, covered }).toEqual({
      pid: w.presentationId,
      covered: finals[i]! - startVersions[i]!,
    });
  }
  // The stream check (every 2 s) ran during the burst, so it had in-flight versions to misjudge.
  expect(report.versionChecks).toBeGreaterThanOrEqual(2 * picks.length);
  // Before the fix the check misjudged versions in transit in every run: 5 or more repairs (or reloads), round after
  // round. A node that is really more than a check period behind (its event loop starved: on a loaded CI machine one
  // was, for two presentations in the same round) is repaired from the log in that round, which costs watchers
  // nothing (deltas from the log, no snapshot: asserted above). So: at most one round finds anything behind, and no
  // more repairs than presentations.
  expect(report.roundsBehind).toBeLessThanOrEqual(1);
  expect(started.length).toBeLessThanOrEqual(picks.length);
  expect(report.stats.repairs).toBeLessThanOrEqual(picks.length);
  expect(report.stats.reloads).toBe(0);
  for (const w of watchers) w.close();
});
