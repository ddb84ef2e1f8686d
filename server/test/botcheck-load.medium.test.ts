import type { AltchaPayload } from '../src/botcheck/altcha-lib';
import { AltchaBotCheck } from '../src/botcheck/altcha-bot-check';
import { encodeAltchaPayload, fetchAltchaChallenge, solveAltchaChallenge } from './support/altcha';
import { startTestApp, type TestApp } from './support/test-env';
import { buyer, call, loadShow, lockSeat, newVisitor, plainSeats, type ShowInfo } from './booking/support/booking-kit';

/**
 * The bot-check cost rises with the load on a presentation. With ALTCHA_LOAD_STEP=4
 * and ALTCHA_LOAD_MAX_FACTOR=3, the work factor of presentation P is 1 + floor(verified seat
 * calls on P in the last minute / 4), at most 3. The control app (ALTCHA_LOAD_STEP=0, the rise
 * off) accepts the same calls, which shows the refusals come from the rise.
 */
const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as AltchaPayload;

describe('bot-check work under load', () => {
  let t: TestApp;
  let busy: ShowInfo;
  let quiet: ShowInfo;
  beforeAll(async () => {
    t = await startTestApp({ ALTCHA_LOAD_STEP: '4', ALTCHA_LOAD_MAX_FACTOR: '3' });
    busy = await loadShow(t.url, 1);
    quiet = await loadShow(t.url, 2);
  });
  afterAll(() => t?.close());

  test('a busy presentation asks for more work; the next challenge carries it and its solution is accepted', async () => {
    const seats = plainSeats(busy).slice(0, 8);
    const b = await buyer(t.url);
    expect(decode(b.token).challenge.parameters.data).toBeUndefined();
    // Loads 1..3: factor 1, the ordinary token is enough.
    for (const s of seats.slice(0, 3)) expect((await lockSeat(t.url, b, busy, s)).status).toBe(200);
    // Load 4: factor 2. The same token is refused like any stale proof, so the storefront re-solves.
    const refused = await lockSeat(t.url, b, busy, seats[3]!);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('INVALID_CAPTCHA');
    // This visitor's next challenge is the harder one; so is anyone's who names the busy presentation.
    const harder = await fetchAltchaChallenge(t.url, b.id);
    expect(harder.parameters.data).toEqual({ work: 2 });
    const named = await call(t.url, 'GET', `/api/altcha/challenge?presentationId=${busy.presentationId}`, newVisitor());
    expect(named.body.parameters.data).toEqual({ work: 2 });
    // A newcomer who names nothing still gets the ordinary challenge.
    expect((await fetchAltchaChallenge(t.url, newVisitor())).parameters.data).toBeUndefined();
    const solved = { id: b.id, token: await solveAltchaChallenge(harder) };
    expect((await lockSeat(t.url, solved, busy, seats[3]!)).status).toBe(200);
    // The cost is per presentation: an ordinary token still locks on a quiet one.
    const other = await buyer(t.url);
    expect((await lockSeat(t.url, other, quiet, plainSeats(quiet)[0]!)).status).toBe(200);
    // And it keeps rising with the load, up to the cap (factor 3 from load 8 on).
    for (const s of seats.slice(4, 8)) await lockSeat(t.url, solved, busy, s);
    expect((await fetchAltchaChallenge(t.url, newVisitor())).parameters.data).toBeUndefined();
    const capped = await call(
      t.url,
      'GET',
      `/api/altcha/challenge?presentationId=${busy.presentationId}`,
      newVisitor(),
    );
    expect(capped.body.parameters.data).toEqual({ work: 3 });
  });

  test('a visitor cannot raise the work factor of a challenge they already solved', async () => {
    const visitor = newVisitor();
    const token = await solveAltchaChallenge(await fetchAltchaChallenge(t.url, visitor));
    const payload = decode(token);
    payload.challenge.parameters.data = { work: 3 };
    const forged = encodeAltchaPayload(payload);
    const altcha = t.app.get(AltchaBotCheck);
    expect(altcha.signedWorkFactor(forged)).toBe(1);
    expect(altcha.signedWorkFactor(token)).toBe(1);
    const seat = plainSeats(busy)[20]!;
    const reply = await lockSeat(t.url, { id: visitor, token: forged }, busy, seat);
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe('INVALID_CAPTCHA');
    // A real harder challenge reads back as issued.
    const real = await call(t.url, 'GET', `/api/altcha/challenge?presentationId=${busy.presentationId}`, visitor);
    expect(altcha.signedWorkFactor(await solveAltchaChallenge(real.body))).toBe(3);
  });

  test('bad presentation ids on the challenge are a 400', async () => {
    const reply = await call(t.url, 'GET', '/api/altcha/challenge?presentationId=2147483648', newVisitor());
    expect(reply.status).toBe(400);
  });
});

describe('control: the rise turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ALTCHA_LOAD_STEP: '0', ALTCHA_LOAD_MAX_FACTOR: '3' });
  });
  afterAll(() => t?.close());

  test('the same calls with the ordinary token all pass, and challenges stay ordinary', async () => {
    const show = await loadShow(t.url, 1);
    const b = await buyer(t.url);
    for (const s of plainSeats(show).slice(0, 8)) expect((await lockSeat(t.url, b, show, s)).status).toBe(200);
    const named = await call(t.url, 'GET', `/api/altcha/challenge?presentationId=${show.presentationId}`, newVisitor());
    expect(named.body.parameters.data).toBeUndefined();
  });
});
