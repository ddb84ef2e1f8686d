// The server as the test stacks run it (scripts/test.mjs's e2e stacks, and a spec that needs a server of its own, such
// as the walk from an empty database): test settings, every answer checked against the OpenAPI document, and the
// lines of its log that say an answer was not as declared.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { serverNodeFlags } from './server-node-flags.mjs';
import { untilServerReady } from './server-ready.mjs';
import { ROOT, freePort } from './services.mjs';

export async function startTestServer(env, options = {}) {
  // A free port is free when asked, not when the server listens: on a machine starting many servers at once (jest's
  // Redis and cluster nodes beside the e2e stacks, other runs) another process can take it in between. That start
  // is made again on another port; every other failure stands.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options);
    } catch (error) {
      if (attempt >= 3 || !String(error?.message).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnce(env, { cwd = ROOT }) {
  const port = await freePort();
  const child = spawn(process.execPath, [...serverNodeFlags(), path.join(ROOT, 'server', 'dist', 'main.js')], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The customer-area specs read login codes from the development message store.
      DEV_MESSAGES_ENABLED: 'true',
      // The hold-order spec moves the hold clock past a deadline (POST /api/holds/test/clock; never in production).
      HOLDS_TEST_CLOCK: 'true',
      // Every spec runs from 127.0.0.1: limits are tested in server/test/edge, not here.
      RATE_LIMIT_SCALE: '100',
      // Several specs log the same demo customers in: the per-mobile code limits are tested in server/test/customers.
      CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '100',
      CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '300',
      // And all of them from one address: 30 codes an hour per address ran out when the flake hunt repeated each spec
      // three times (the i18n walk's sign-in found no code box). The per-address limits are tested there too.
      CUSTOMER_OTP_SENDS_PER_IP_HOUR: '3000',
      CUSTOMER_OTP_GUESSES_PER_IP_10MIN: '6000',
      SEAT_HOLD_CAP_PER_IP: '0',
      // Specs read a seat's status over the API right after changing it (the storefront itself catches up through
      // its subscription): the shared seats-status answer is reused only at the current version.
      SEAT_STATUS_STALE_MS: '0',
      // Specs share a few presentations; the bot-check work under load is tested in server/test/botcheck-load.
      ALTCHA_LOAD_STEP: '0',
      // The bot check's search space as in jest (the difficulty is tested in server/test/botcheck*): at the production
      // 50,000 every page with a seat map solved about 25,000 hashes, measured at 0.25 CPU-s of Chromium a page.
      ALTCHA_MAX_NUMBER: '20',
      // The waiting-room specs change an on-sale in PostgreSQL and wait until the server has re-read it: every 2 s by
      // default, ≈ 1.5 s a change with the poll's steps; at 500 ms ≈ 0.5 s, for a query a second more per stack.
      QUEUE_CONFIG_REFRESH_MS: '500',
      // The "timeout" test card hangs this long before the provider call gives up (5 s by default): the spec checks
      // what the buyer is told after it, not how long it took.
      SANDBOX_TIMEOUT_MS: '1000',
      // Staff passwords hashed and checked at the test cost (≈ 0.5 ms a check against ≈ 58 ms at OWASP's): every spec's
      // staff sign-in and the seed's staff; production refuses the setting (`productionProblems` in server/src/config/app-config.ts).
      PASSWORD_HASH_COST: 'test-only-weak',
      // Every answer the browsers get is checked against the OpenAPI document (server/src/api-docs): a violation is a
      // 500 RESPONSE_NOT_AS_DECLARED in the server's log and a failing spec.
      VALIDATE_RESPONSES: 'true',
      // A spec that serves its own copy of the build (e2e/own-build.support.ts) names it.
      CLIENT_DIST: env.CLIENT_DIST ?? path.join(ROOT, 'client', 'dist'),
    },
  });
  // A server that did not come up is not left behind (it kept serving, or starting, after the run had ended).
  const { output } = await untilServerReady(child).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    /** Answers the server found not as the OpenAPI document declares (VALIDATE_RESPONSES logs each one). */
    undeclaredAnswers: () =>
      output()
        .split('\n')
        .filter((line) => line.includes('answer not as declared'))
        .map((line) => {
          try {
            const { route, problem } = JSON.parse(line);
            return `${route}: ${problem}`;
          } catch {
            return line.slice(0, 300);
          }
        }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
