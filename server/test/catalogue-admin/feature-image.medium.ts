import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Client } from 'pg';
import type { AdminFeature, ApiFeature } from '@hotline/shared';
import type { TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from '../backoffice/support/staff-kit';
import { useCatalogueApp } from './support/catalogue-app';

/**
 * An event's image from the back office: staff with the catalogue permission, within their business, upload a JPEG,
 * PNG or WebP (checked by its bytes, at most 2 MB); it is stored by content hash and the storefront's `image` field
 * points at it, served immutable with its own type and nosniff. Every refusal answers the project's error shape in the
 * user's language, and nothing is stored or changed.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let producer: StaffBrowser;

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));
const JPEG = fixture('poster.jpg');
const PNG = fixture('poster.png');
const WEBP = fixture('poster.webp');

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
  producer = await signedIn(t.url, sql, 'producer');
});

async function newFeature(businessId = 1): Promise<AdminFeature> {
  if (businessId !== 1) {
    // Another business's event, written as the seed would (the admin's scope cannot create it).
    const [row] = (
      await sql.query(
        `INSERT INTO feature (name, name_en, feature_category_id, category_name, category_name_en, business_id)
         VALUES ('זר', 'Foreign', 2, 'תיאטרון', 'Theatre', $1) RETURNING id`,
        [businessId],
      )
    ).rows;
    return { id: Number(row.id), revision: 1 } as AdminFeature;
  }
  const r = await admin.call<AdminFeature>('POST', '/api/admin/features', {
    businessId,
    name: { he: 'הכרזה', en: 'The Poster', ru: 'Афиша', ar: 'الملصق' },
    description: { he: '', en: '', ru: '', ar: '' },
    categoryId: 2,
    durationMinutes: 90,
    ageLimit: null,
  });
  expect(r.status).toBe(201);
  return r.body;
}

async function upload(
  browser: StaffBrowser,
  feature: Pick<AdminFeature, 'id' | 'revision'>,
  bytes: Buffer,
  type: string,
  language = 'en',
) {
  const response = await fetch(`${t.url}/api/admin/features/${feature.id}/image?revision=${feature.revision}`, {
    method: 'PUT',
    headers: {
      uuid: browser.visitorId,
      cookie: browser.sessionCookie,
      'content-type': type,
      'accept-language': language,
    },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const count = async (table: string): Promise<number> =>
  (await sql.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
const state = async (featureId: number) => ({
  blobs: await count('media_blob'),
  audit: await count('audit_log'),
  feature: (await sql.query('SELECT image_name, revision FROM feature WHERE id = $1', [featureId])).rows[0],
});
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test.each([
  ['JPEG', JPEG, 'image/jpeg', 'jpg'],
  ['PNG', PNG, 'image/png', 'png'],
  ['WebP', WEBP, 'image/webp', 'webp'],
])('a %s is stored by its hash, served immutable, and shown by the storefront', async (_, bytes, type, ext) => {
  const feature = await newFeature();
  const r = await upload(admin, feature, bytes, type);
  expect(r.status).toBe(200);
  const url = `/api/media/${sha256(bytes)}.${ext}`;
  expect(r.body).toMatchObject({ id: feature.id, image: url, revision: feature.revision + 1 });

  const served = await fetch(`${t.url}${url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe(type);
  expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

  // The storefront's field (the specification's `image`) points at it.
  await sql.query('UPDATE feature SET published_at = now() WHERE id = $1', [feature.id]);
  const features = await fetch(`${t.url}/api/features?featureIds=${feature.id}`).then(
    (x) => x.json() as Promise<{ features: ApiFeature[] }>,
  );
  expect(features.features.find((f) => f.id === feature.id)?.image).toBe(url);

  const [audit] = (
    await sql.query(`SELECT action, detail FROM audit_log WHERE subject = $1 ORDER BY id DESC LIMIT 1`, [
      `feature:${feature.id}`,
    ])
  ).rows;
  expect(audit).toMatchObject({ action: 'feature-image', detail: { before: null, after: url, type } });
});

test('the same bytes again are stored once; the same hash under another extension is not served', async () => {
  const [a, b] = [await newFeature(), await newFeature()];
  await upload(admin, a, PNG, 'image/png');
  const blobs = await count('media_blob');
  expect((await upload(admin, b, PNG, 'image/png')).status).toBe(200);
  expect(await count('media_blob')).toBe(blobs);
  const wrong = await fetch(`${t.url}/api/media/${sha256(PNG)}.jpg`);
  expect([wrong.status, ((await wrong.json()) as { error: string }).error]).toEqual([404, 'MEDIA_NOT_FOUND']);
  for (const name of ['..%2F..%2Fetc%2Fpasswd', `${sha256(PNG)}.svg`, `${sha256(PNG).toUpperCase()}.png`]) {
    const r = await fetch(`${t.url}/api/media/${name}`);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  }
});

test.each<[string, () => Buffer, string, number, string, string, RegExp]>([
  [
    'a PNG renamed .jpg',
    () => PNG,
    'image/jpeg',
    415,
    'IMAGE_TYPE_MISMATCH',
    'en',
    /PNG image but was sent as image\/jpeg/,
  ],
  [
    'a text file claimed as image/png',
    () => Buffer.from('not a poster at all\n'),
    'image/png',
    415,
    'IMAGE_TYPE_NOT_ALLOWED',
    'he',
    /JPEG/,
  ],
  [
    'an SVG',
    () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'image/svg+xml',
    415,
    'IMAGE_TYPE_NOT_ALLOWED',
    'ru',
    /JPEG/,
  ],
  ['an empty file', () => Buffer.alloc(0), 'image/png', 422, 'IMAGE_EMPTY', 'ar', /فارغ/],
  [
    'a file over 2 MB',
    () => Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
    'image/png',
    413,
    'IMAGE_TOO_LARGE',
    'he',
    /2 MB/,
  ],
  ['a PNG header too wide', () => pngOfWidth(20_000), 'image/png', 422, 'IMAGE_DIMENSIONS', 'en', /20000×90/],
  [
    'JSON instead of an image',
    () => Buffer.from('{}'),
    'application/json',
    415,
    'IMAGE_TYPE_NOT_ALLOWED',
    'en',
    /JPEG/,
  ],
])('%s is refused, and nothing is stored or changed', async (_, bytes, type, status, error, language, message) => {
  const feature = await newFeature();
  const before = await state(feature.id);
  const r = await upload(admin, feature, bytes(), type, language);
  expect([r.status, r.body.error]).toEqual([status, error]);
  expect(r.body.message).toMatch(message);
  expect(await state(feature.id)).toEqual(before);
});

/** The PNG fixture with its header's width changed (the CRC is not checked: only the header is read). */
function pngOfWidth(width: number): Buffer {
  const b = Buffer.from(PNG);
  b.writeUInt32BE(width, 16);
  return b;
}

test('another business, no catalogue permission, no session, a stale revision: refused, nothing stored', async () => {
  const own = await newFeature();
  const foreign = await newFeature(3);
  const before = { own: await state(own.id), foreign: await state(foreign.id) };

  const scoped = await upload(admin, foreign, PNG, 'image/png');
  expect([scoped.status, scoped.body.error]).toEqual([403, 'STAFF_BUSINESS_SCOPE']);
  const denied = await upload(producer, own, PNG, 'image/png');
  expect([denied.status, denied.body.error]).toEqual([403, 'STAFF_PERMISSION_DENIED']);
  const anonymous = await upload(new StaffBrowser(t.url), own, PNG, 'image/png');
  expect([anonymous.status, anonymous.body.error]).toEqual([401, 'STAFF_NOT_SIGNED_IN']);
  const stale = await upload(admin, { id: own.id, revision: own.revision + 5 }, PNG, 'image/png');
  expect([stale.status, stale.body.error, stale.body.current?.revision]).toEqual([409, 'STALE_REVISION', own.revision]);
  // An image body anywhere else is refused before it is read.
  const elsewhere = await fetch(`${t.url}/api/admin/features/${own.id}`, {
    method: 'PUT',
    headers: { uuid: admin.visitorId, cookie: admin.sessionCookie, 'content-type': 'image/png' },
    body: PNG,
  });
  expect([elsewhere.status, ((await elsewhere.json()) as { error: string }).error]).toEqual([
    415,
    'UPLOAD_TYPE_NOT_ALLOWED',
  ]);

  expect({ own: await state(own.id), foreign: await state(foreign.id) }).toEqual(before);
});

async function remove(browser: StaffBrowser, feature: Pick<AdminFeature, 'id' | 'revision'>, language = 'en') {
  const r = await browser.call<any>(
    'DELETE',
    `/api/admin/features/${feature.id}/image?revision=${feature.revision}&lang=${language}`,
  );
  return { status: r.status, body: r.body };
}

test('an image is removed: the storefront falls back to the placeholder, audited, the stored bytes kept', async () => {
  const feature = await newFeature();
  const uploaded = (await upload(admin, feature, JPEG, 'image/jpeg')).body as AdminFeature;
  const url = uploaded.image!;
  await sql.query('UPDATE feature SET published_at = now() WHERE id = $1', [feature.id]);
  const blobs = await count('media_blob');

  const removed = await remove(admin, uploaded);
  expect(removed.status).toBe(200);
  expect(removed.body).toMatchObject({ id: feature.id, image: null, revision: uploaded.revision + 1 });
  // Buyers see the generated poster again.
  const features = await fetch(`${t.url}/api/features?featureIds=${feature.id}`).then(
    (x) => x.json() as Promise<{ features: ApiFeature[] }>,
  );
  expect(features.features.find((f) => f.id === feature.id)?.image).toBe(
    `/api/features/${feature.id}/placeholderImage`,
  );
  const placeholder = await fetch(`${t.url}/api/features/${feature.id}/placeholderImage`);
  expect(placeholder.status).toBe(200);
  // Content-addressed bytes stay: the audit log's "before" (or another event) may still name them.
  expect(await count('media_blob')).toBe(blobs);
  expect((await fetch(`${t.url}${url}`)).status).toBe(200);
  const [audit] = (
    await sql.query(`SELECT action, detail FROM audit_log WHERE subject = $1 ORDER BY id DESC LIMIT 1`, [
      `feature:${feature.id}`,
    ])
  ).rows;
  expect(audit).toMatchObject({ action: 'feature-image-remove', detail: { before: url, after: null } });

  // Nothing left to remove: the event as it is, no new revision, nothing audited.
  const audits = await count('audit_log');
  const again = await remove(admin, removed.body);
  expect([again.status, again.body.revision, again.body.image]).toEqual([200, removed.body.revision, null]);
  expect(await count('audit_log')).toBe(audits);

  // And an image can be put back.
  expect((await upload(admin, removed.body, JPEG, 'image/jpeg')).body.image).toBe(url);
});

test('removing: another business, no catalogue permission, no session, a stale revision are refused; nothing changes', async () => {
  const own = (await upload(admin, await newFeature(), PNG, 'image/png')).body as AdminFeature;
  const foreign = await newFeature(3);
  await sql.query(`UPDATE feature SET image_name = $2 WHERE id = $1`, [foreign.id, `${sha256(PNG)}.png`]);
  const before = { own: await state(own.id), foreign: await state(foreign.id) };

  const scoped = await remove(admin, foreign);
  expect([scoped.status, scoped.body.error]).toEqual([403, 'STAFF_BUSINESS_SCOPE']);
  const denied = await remove(producer, own);
  expect([denied.status, denied.body.error]).toEqual([403, 'STAFF_PERMISSION_DENIED']);
  const anonymous = await remove(new StaffBrowser(t.url), own);
  expect([anonymous.status, anonymous.body.error]).toEqual([401, 'STAFF_NOT_SIGNED_IN']);
  const stale = await remove(admin, { id: own.id, revision: own.revision - 1 }, 'he');
  expect([stale.status, stale.body.error, stale.body.current?.image]).toEqual([409, 'STALE_REVISION', own.image]);
  expect(stale.body.message).toMatch(/[\u0590-\u05ff]/);
  const missing = await remove(admin, { id: 99_999_999, revision: 1 });
  expect(missing.status).toBe(404);

  expect({ own: await state(own.id), foreign: await state(foreign.id) }).toEqual(before);
});
