import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { IMMUTABLE, REVALIDATE } from '../../src/common/static-assets';
import { startTestApp, type TestApp } from '../support/test-env';

/**
 * The storefront's files leave the server compressed when the browser accepts it, from the .br/.gz files
 * the build writes (scripts/precompress.mjs, run here on a small dist of our own: jest does not build the client),
 * hashed assets cached for a year, index.html revalidated on every visit, directly or as the SPA fallback.
 */
const ROOT = path.resolve(__dirname, '../../..');
const ASSET = 'assets/OrderPage-Ab12_-Cd.js';
const TINY = 'assets/tiny-Zz12Yy34.js';

let dist: string;
let t: TestApp;
const original = (file: string) => readFileSync(path.join(dist, file));

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'hotline-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  // About 40 kB of script-like text: large enough for the build to compress, varied enough to be realistic.
  const lines = Array.from(
    { length: 800 },
    (_, i) => `export function seat${i}(row, x) { return { id: ${i * 7919}, row: row + ${i % 13}, x: x * ${i % 5} }; }`,
  );
  writeFileSync(path.join(dist, ASSET), lines.join('\n'));
  writeFileSync(path.join(dist, TINY), 'export const tiny = 1;\n');
  const preloads = Array.from(
    { length: 20 },
    (_, i) => `<link rel="modulepreload" href="/assets/chunk${i}-Ab12Cd34.js">`,
  );
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="he" dir="rtl"><head><script type="module" src="/${ASSET}"></script>${preloads.join('')}</head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'precompress.mjs'), dist], {
    encoding: 'utf8',
  });
  expect(build.stderr).toBe('');
  expect(build.status).toBe(0);
  t = await startTestApp({ CLIENT_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as they travel (fetch would decompress them and hide what was sent). */
function get(pathname: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${t.url}${pathname}`,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the build writes compressed siblings', () => {
  it('beside files of 1 kB and more, not beside smaller ones', () => {
    for (const file of [ASSET, 'index.html']) {
      expect(existsSync(path.join(dist, `${file}.br`))).toBe(true);
      expect(existsSync(path.join(dist, `${file}.gz`))).toBe(true);
    }
    for (const file of [TINY, 'favicon.svg']) expect(existsSync(path.join(dist, `${file}.br`))).toBe(false);
  });
});

describe('a hashed script', () => {
  it('is brotli when the browser accepts it, and the bytes are the file', async () => {
    const r = await get(`/${ASSET}`, 'gzip, deflate, br, zstd');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe(IMMUTABLE);
    expect(r.body.length).toBeLessThan(original(ASSET).length / 4);
    expect(brotliDecompressSync(r.body).equals(original(ASSET))).toBe(true);
  });

  it('is gzip for a browser without brotli (or refusing it)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const r = await get(`/${ASSET}`, accept);
      expect(r.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(r.body).equals(original(ASSET))).toBe(true);
    }
  });

  it('is the file itself without Accept-Encoding, still varying on it and cached for a year', async () => {
    const r = await get(`/${ASSET}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe(IMMUTABLE);
    expect(r.body.equals(original(ASSET))).toBe(true);
  });

  it('without a compressed sibling (under 1 kB) is sent as it is', async () => {
    const r = await get(`/${TINY}`, 'br, gzip');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['cache-control']).toBe(IMMUTABLE);
    expect(r.body.equals(original(TINY))).toBe(true);
  });

  it('has no URL of its own for the siblings', async () => {
    expect((await get(`/${ASSET}.br`, 'br')).status).toBe(404);
  });
});

describe('index.html', () => {
  it('asked for by name is revalidated every time', async () => {
    const r = await get('/index.html', 'br');
    expect(r.headers['cache-control']).toBe(REVALIDATE);
    expect(r.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(r.body).equals(original('index.html'))).toBe(true);
  });

  it('as the SPA fallback keeps its status and no-cache, compressed when accepted', async () => {
    const br = await get('/order/1?lang=en', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe(REVALIDATE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(original('index.html'))).toBe(true);

    const plain = await get('/order/1?lang=en');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(REVALIDATE);
    expect(plain.body.equals(original('index.html'))).toBe(true);

    const unknown = await get('/nowhere', 'gzip');
    expect(unknown.status).toBe(404);
    expect(gunzipSync(unknown.body).equals(original('index.html'))).toBe(true);
  });
});

it('an unhashed public file keeps the hour it had', async () => {
  const r = await get('/favicon.svg', 'br');
  expect(r.headers['cache-control']).toBe('public, max-age=3600');
});
