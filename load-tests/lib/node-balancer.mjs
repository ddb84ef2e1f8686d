// A STAND-IN for nginx, used by nodes.bench.mjs only when /usr/sbin/nginx is missing: a least-connections
// HTTP and WebSocket proxy in one node process. Results measured through it say so ("node stand-in"); it is
// not what production runs (deploy/nginx.conf) and its own CPU per request is higher than nginx's.
// UPSTREAMS=port,port,... ; prints READY <port>.
import http from 'node:http';
import net from 'node:net';

const upstreams = String(process.env.UPSTREAMS ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number);
if (upstreams.length === 0) throw new Error('UPSTREAMS is empty');
const open = upstreams.map(() => 0);
const agents = upstreams.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));

let nextFirst = 0;
/** The upstream with the fewest open requests and sockets, ties taken in turn, as nginx's least_conn. */
function pick() {
  let best = -1;
  for (let k = 0; k < upstreams.length; k++) {
    const i = (nextFirst + k) % upstreams.length;
    if (best < 0 || open[i] < open[best]) best = i;
  }
  nextFirst = (best + 1) % upstreams.length;
  open[best]++;
  let released = false;
  return {
    i: best,
    release() {
      if (!released) open[best]--;
      released = true;
    },
  };
}

const server = http.createServer((req, res) => {
  const choice = pick();
  res.once('close', choice.release);
  const upstream = http.request(
    {
      host: '127.0.0.1',
      port: upstreams[choice.i],
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress },
      agent: agents[choice.i],
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});

// WebSocket upgrades: replay the request line and headers to the chosen node, then pipe both ways.
server.on('upgrade', (req, socket, head) => {
  const choice = pick();
  const upstream = net.connect(upstreams[choice.i], '127.0.0.1', () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
  upstream.on('close', () => {
    socket.destroy();
    choice.release();
  });
  socket.on('close', () => upstream.destroy());
});

server.listen(0, '127.0.0.1', () => process.stdout.write(`READY ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
