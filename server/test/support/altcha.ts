import {
  deriveKeyFor,
  isAltchaAlgorithm,
  solveChallenge,
  type AltchaChallenge,
  type AltchaPayload,
} from '../../src/botcheck/altcha-lib';

/** GET /api/altcha/challenge as `visitorId`. */
export async function fetchAltchaChallenge(baseUrl: string, visitorId: string): Promise<AltchaChallenge> {
  const response = await fetch(`${baseUrl}/api/altcha/challenge`, { headers: { uuid: visitorId } });
  if (response.status !== 200)
    throw new Error(`GET /api/altcha/challenge answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as AltchaChallenge;
}

/** Encodes a payload the way the widget does: base64(JSON). */
export function encodeAltchaPayload(payload: AltchaPayload): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
}

/** Solves a challenge with altcha-lib's own solver and returns the widget's payload string. */
export async function solveAltchaChallenge(challenge: AltchaChallenge): Promise<string> {
  const { algorithm } = challenge.parameters;
  if (!isAltchaAlgorithm(algorithm)) throw new Error(`unexpected ALTCHA algorithm ${algorithm}`);
  const solution = await solveChallenge({ challenge, deriveKey: deriveKeyFor(algorithm), timeout: 30_000 });
  if (!solution)
    throw new Error('ALTCHA challenge not solved within 30 s (is ALTCHA_MAX_NUMBER low in the test config?)');
  return encodeAltchaPayload({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  });
}

/**
 * What a browser with the ALTCHA widget would put in `recaptchaToken`: fetches a real
 * challenge from the app at `baseUrl` and solves it (milliseconds at the test
 * difficulty, ALTCHA_MAX_NUMBER=20). The token is not bound yet: the first visitor
 * who sends it to a protected endpoint owns it for the binding window.
 */
export async function solveAltcha(baseUrl: string, visitorId: string): Promise<string> {
  return solveAltchaChallenge(await fetchAltchaChallenge(baseUrl, visitorId));
}
