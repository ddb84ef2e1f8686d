// `node scripts/screenshots.mjs`: the screens the lead looks at before calling a visual issue done, photographed the
// same way every time (docs/testing.md, "Screenshots"). Not part of `npm test`: it asserts nothing about the pictures,
// it takes them. Like `scripts/test.mjs --only=e2e` it builds what is out of date, starts a throw-away PostgreSQL, a
// Redis and one server seeded like `npm start`, and drives Debian's Chromium, here through its own Playwright config
// (playwright.screenshots.config.ts, the `e2e/*.shots.ts` files). Each shot waits for a state of the page, runs axe on
// it and leaves `.tmp/screenshots/<feature>/<lang>-<width>.png` with a `.json` beside it (what it shows, axe's
// violations); an index.html lists them all. Anything after `--` goes to Playwright (e.g. `-- -g scanner`).
import './node-runtime.mjs';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTestServer } from './test-server.mjs';
import * as services from './services.mjs';

const ROOT = services.ROOT;
const OUT = path.join(ROOT, '.tmp', 'screenshots');
const args = process.argv.slice(2);
const passThrough = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];
const runDir = path.join(ROOT, '.tmp', `screenshots-${process.pid}`);

function runNode(script, scriptArgs, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...scriptArgs], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** The same browser the e2e run uses: Debian's headless shell first, else the full Chromium. */
function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
  return candidates.filter(Boolean).find((p) => existsSync(p)) ?? null;
}

const escape = (s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** index.html: every shot by feature, with its state, size, language and axe's count (its rules on hover). */
function writeIndex() {
  const features = existsSync(OUT)
    ? readdirSync(OUT, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const sections = features.map((feature) => {
    const shots = readdirSync(path.join(OUT, feature))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(OUT, feature, f), 'utf8')));
    const rows = shots.map(
      (s) => `<figure>
  <a href="${escape(s.file)}"><img src="${escape(s.file)}" alt="${escape(s.title)}" loading="lazy"></a>
  <figcaption><b>${escape(s.lang)}, ${s.width} px</b> — ${escape(s.title)}<br>
  axe: <span class="${s.violations.length ? 'bad' : 'ok'}" title="${escape(s.violations.join('\n'))}">${s.violations.length} violation(s)</span>${s.sideways > 0 ? `<br><span class="bad">scrolls sideways by ${s.sideways} px</span><br><small>${(s.wide ?? []).map(escape).join('<br>')}</small>` : ''}${s.violations.length ? `<br><small>${s.violations.map(escape).join('<br>')}</small>` : ''}</figcaption>
</figure>`,
    );
    return `<section><h2>${escape(feature)}</h2>\n${rows.join('\n')}\n</section>`;
  });
  writeFileSync(
    path.join(OUT, 'index.html'),
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>hotline screenshots</title>
<style>body{font:14px system-ui;margin:1rem}figure{display:inline-block;vertical-align:top;margin:.5rem;max-width:420px}
img{max-width:400px;max-height:400px;border:1px solid #999}.bad{color:#b00020;font-weight:bold}.ok{color:#1b5e20}</style>
</head><body><h1>hotline screenshots</h1><p>Taken ${escape(new Date().toISOString())} by <code>node scripts/screenshots.mjs</code>.</p>
${sections.join('\n')}
</body></html>
`,
  );
  return features.length;
}

async function main() {
  const chromium = findChromium();
  if (!chromium) throw new Error("no Chromium: apt-get install chromium-headless-shell (Debian's package)");
  if ((await runNode(path.join(ROOT, 'scripts', 'build.mjs'), [])) !== 0) throw new Error('build failed');
  if (!passThrough.length) rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const pg = await services.startPostgres({ dir: path.join(runDir, 'pg'), durable: false });
  const redis = await services.startRedis({ dir: path.join(runDir, 'redis') });
  let server = null;
  try {
    await pg.createDatabase('hotline_shots');
    server = await startTestServer({
      DATABASE_URL: pg.urlFor('hotline_shots'),
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'shots:',
      SEED_STADIUM: 'false',
    });
    services.log(`screenshots against ${server.url}`);
    const code = await runNode(
      path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
      ['test', '--config=playwright.screenshots.config.ts', ...passThrough],
      {
        CHROMIUM_PATH: chromium,
        E2E_BASE_URL: server.url,
        E2E_DATABASE_URL: pg.urlFor('hotline_shots'),
        E2E_REDIS_URL: redis.url,
        SCREENSHOTS_DIR: OUT,
      },
    );
    const features = writeIndex();
    services.log(`${features} features in ${path.relative(ROOT, path.join(OUT, 'index.html'))}`);
    if (code !== 0) process.exitCode = code;
  } finally {
    if (server) await server.stop();
    await redis.stop();
    await pg.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
