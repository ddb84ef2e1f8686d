import { checkTicketCode, type TicketCodeVerdict, type TicketKey } from '@hotline/shared';
import { ed25519VerifyOffLoop } from './ed25519';

/**
 * The shared rule with the signature verified off the event loop (ed25519VerifyOffLoop): the rule runs with the
 * signature taken as holding, and only a code it then calls genuine (every other check passed) has its signature
 * verified, on libuv's threadpool. One that does not hold is what the rule itself answers for it: 'bad-signature'.
 */
export async function checkTicketCodeOffLoop(
  text: string,
  keys: readonly TicketKey[],
  at: Date,
): Promise<TicketCodeVerdict> {
  // Asserted, not annotated: TypeScript would otherwise take it as null below (it does not see the callback assign it).
  let asked = null as [Uint8Array, Uint8Array, Uint8Array] | null;
  const verdict = checkTicketCode(text, keys, at, (publicKey, message, signature) => {
    asked = [publicKey, message, signature];
    return true;
  });
  if (verdict.verdict !== 'genuine' || !asked) return verdict;
  return (await ed25519VerifyOffLoop(...asked)) ? verdict : { verdict: 'not-valid', reason: 'bad-signature' };
}
