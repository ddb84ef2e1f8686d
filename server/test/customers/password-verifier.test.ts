import { argon2Verify } from 'hash-wasm';
import { hashPassword } from '../../src/customers/password-login.service';
import { PasswordVerifier } from '../../src/customers/password-verifier';

/**
 * argon2id verification runs on a worker thread: while it works, the server's event loop keeps
 * turning (other requests are served). Counted in event-loop turns, not milliseconds. The control
 * runs the same verification on this thread, where the loop does not turn until it is done.
 */
async function turnsWhile(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  turns = 0;
  await work();
  done = true;
  return turns;
}

describe('password verification off the event loop', () => {
  const verifier = new PasswordVerifier();
  let hash: string;
  beforeAll(async () => {
    hash = await hashPassword('correct horse');
    await argon2Verify({ password: 'warm-up', hash }); // the WebAssembly module is compiled once
  });
  afterAll(() => verifier.onModuleDestroy());

  test('right and wrong passwords are told apart', async () => {
    expect(await verifier.verify('correct horse', hash)).toBe(true);
    expect(await verifier.verify('wrong horse', hash)).toBe(false);
    expect(await verifier.verify('correct horse', 'not-a-phc-string')).toBe(false);
  });

  test('the event loop keeps turning while the worker verifies', async () => {
    expect(await turnsWhile(() => verifier.verify('correct horse', hash))).toBeGreaterThan(5);
  });

  test('control: on the event loop itself, argon2id stops it until it is done', async () => {
    expect(await turnsWhile(() => argon2Verify({ password: 'correct horse', hash }))).toBeLessThanOrEqual(1);
  });
});
