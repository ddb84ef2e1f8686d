// The lightest HTTP/1.1 client a bench can have on the machine it measures: one keep-alive socket per device, each
// request a Buffer prepared before the timed part (no JSON.stringify, no header objects, no http.Agent), each answer
// read by its status line and Content-Length only (no JSON.parse: the caller looks for what it needs in the text).
// The bench client shares the cores with the server, PostgreSQL and Redis, so whatever it spends per call is taken
// from them. Only loopback addresses.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

/** A request as bytes: method, path, headers (object) and an optional JSON body, on `host`. */
export function preparedRequest(host, method, pathName, headers, body) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const lines = [`${method} ${pathName} HTTP/1.1`, `host: ${host}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  if (payload) lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(payload)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${payload}`);
}

/** One keep-alive connection: send(prepared) resolves { status, text } (one request in flight at a time). */
export function lightConnection(base) {
  const url = new URL(base);
  const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
  let pending = null;
  let buffer = Buffer.alloc(0);
  let failure = null;
  const fail = (error) => {
    failure = error;
    pending?.reject(error);
    pending = null;
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    if (!pending) return;
    const end = buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const head = buffer.toString('latin1', 0, end);
    const m = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!m) return fail(new Error(`an answer without content-length: ${head.split('\r\n')[0]}`));
    const total = end + 4 + Number(m[1]);
    if (buffer.length < total) return;
    const text = buffer.toString('utf8', end + 4, total);
    const status = Number(head.slice(9, 12));
    buffer = buffer.subarray(total);
    const p = pending;
    pending = null;
    p.resolve({ status, text });
  });
  const ready = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    ready,
    send(prepared) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(prepared);
      });
    },
    close: () => socket.destroy(),
  };
}

/** `n` connections, connected. */
export async function lightConnections(base, n) {
  const connections = Array.from({ length: n }, () => lightConnection(base));
  await Promise.all(connections.map((c) => c.ready));
  return connections;
}

/**
 * The server's own probe (loop-probe.cjs, preloaded with LOOP_PROBE_FILE=`file`): read() asks for what it saw since
 * the previous read (SIGWINCH) and waits, at most 10 s, for the file.
 */
export function serverProbe(pid, file) {
  return {
    async read() {
      rmSync(file, { force: true });
      process.kill(pid, 'SIGWINCH');
      for (let waited = 0; waited < 10_000; waited += 10) {
        if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
        await new Promise((done) => setTimeout(done, 10));
      }
      throw new Error('the server probe did not answer in 10 s');
    },
  };
}
