// Prints the current authenticator code for a base32 TOTP secret (RFC 6238, SHA-1, 30 s, 6 digits):
// `node scripts/totp.mjs JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP`. For the demo staff accounts on a local
// machine, where no authenticator app is at hand.
import { totpCode } from './totp-code.mjs';

const secret = process.argv[2];
if (!secret || !/^[A-Z2-7=\s]+$/i.test(secret)) {
  process.stderr.write('usage: node scripts/totp.mjs <base32 secret>\n');
  process.exit(2);
}
process.stdout.write(`${totpCode(secret)}\n`);
