import http from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
const DIST = path.resolve(process.argv[2]);
const server = http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  let f = path.join(DIST, u.pathname);
  if (!existsSync(f) || u.pathname === '/') f = path.join(DIST, 'designer.html');
  res.writeHead(200, { 'content-type': f.endsWith('.js') ? 'text/javascript' : 'text/html' });
  res.end(readFileSync(f));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${url}/designer.html?plan=stadium`);
await page.waitForFunction(() => window.__designerBench !== undefined);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
const summarize = async (label, fn) => {
  await cdp.send('Profiler.start');
  const r = await fn();
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const dt = new Map();
  profile.samples.forEach((id, k) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[k] ?? 0)));
  let total = 0;
  for (const n of profile.nodes) {
    const t = (dt.get(n.id) ?? 0) / 1000;
    total += t;
    const key = `${n.callFrame.functionName || '(anon)'} ${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + t);
  }
  console.log(`== ${label}: ${JSON.stringify(r).slice(0, 200)} total sampled ${total.toFixed(0)} ms`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v.toFixed(1).padStart(8), k);
};
await summarize('open', () => page.evaluate(() => window.__designerBench.open()));
await summarize('panzoom', () => page.evaluate(() => window.__designerBench.path('panzoom', 60)));
await browser.close();
server.close();
