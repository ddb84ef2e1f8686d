import { createPrivateKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ticketCodeSignedText, ticketCodeText, type TicketKey } from '@hotline/shared';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { TicketCodeSigner, type SignableTicket } from '../reservations';
import { ed25519Sign, generateTicketKeyPair } from './ed25519';
import { sealPrivateKey, unsealPrivateKey } from './key-seal';
import { RotatingSecrets } from './rotating-secrets';
import { TicketKeysRepository } from './ticket-keys.repository';

/** How long a node signs with the key it read before asking again (another node may have rotated meanwhile). */
const SIGNER_REFRESH_MS = 60_000;
/** How long a node trusts its list of public keys; an unknown key id asks again at once. */
const KEYS_REFRESH_MS = 5_000;

/**
 * The door-code keys (docs/door-checkin.md, "Keys"): signs each e-ticket's HLT2 code with the active key, lists the
 * public keys a scanner verifies with, and rotates. The private key is unsealed in memory only.
 */
@Injectable()
export class TicketKeys extends TicketCodeSigner {
  private signer: { keyId: number; key: KeyObject; readAt: number } | null = null;
  private listed: { keys: TicketKey[]; readAt: number } | null = null;

  constructor(
    private readonly repository: TicketKeysRepository,
    private readonly clock: Clock,
    private readonly rotating: RotatingSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  rotatingSecretFor(ticketIdentifier: string): string {
    return this.rotating.secretText(ticketIdentifier);
  }

  async codeFor(ticket: SignableTicket): Promise<string> {
    const { keyId, key } = await this.activeSigner();
    const signedText = ticketCodeSignedText({
      keyId,
      ticketIdentifier: ticket.identifier,
      presentationId: ticket.presentationId,
      sectionId: ticket.sectionId,
      x: ticket.x,
      y: ticket.y,
    });
    return ticketCodeText(signedText, ed25519Sign(key, signedText));
  }

  /** The public keys valid now (GET /api/checkin/keys and the server's own checks). */
  async publicKeys(options: { fresh?: boolean } = {}): Promise<TicketKey[]> {
    const now = this.clock.nowMs();
    if (!options.fresh && this.listed && now - this.listed.readAt < KEYS_REFRESH_MS) return this.listed.keys;
    await this.activeSigner(); // the first scanner of a new installation gets a key to expect
    const keys = (await this.repository.verifying(new Date(now))).map((k) => ({
      keyId: k.id,
      publicKey: k.publicKey,
      verifiesUntil: k.verifiesUntil ? new Date(k.verifiesUntil).toISOString() : null,
    }));
    this.listed = { keys, readAt: now };
    return keys;
  }

  /** A new active key; the old one keeps verifying until its last show is over. */
  async rotate(): Promise<void> {
    const pair = generateTicketKeyPair();
    await this.repository.rotate(
      pair.publicKey,
      sealPrivateKey(this.config.TICKET_SIGNING_KEY, pair.privateKeyDer),
      this.clock.now(),
    );
    this.signer = null;
    this.listed = null;
  }

  private async activeSigner(retried = false): Promise<{ keyId: number; key: KeyObject }> {
    const now = this.clock.nowMs();
    if (this.signer && now - this.signer.readAt < SIGNER_REFRESH_MS) return this.signer;
    let stored = await this.repository.active();
    if (!stored) {
      const pair = generateTicketKeyPair();
      const sealed = sealPrivateKey(this.config.TICKET_SIGNING_KEY, pair.privateKeyDer);
      await this.repository.insertActive(pair.publicKey, sealed, new Date(now));
      stored = await this.repository.active();
      if (!stored) throw new Error('no active door-code key after creating one');
    }
    let der: Buffer;
    try {
      der = unsealPrivateKey(this.config.TICKET_SIGNING_KEY, stored.privateKeySealed);
    } catch (error) {
      // Sealed under another TICKET_SIGNING_KEY (the secret was changed): its public half still verifies every code
      // it signed, so it is retired like any rotation and a key this secret can open takes over.
      if (retried) throw error;
      await this.rotate();
      return this.activeSigner(true);
    }
    this.signer = { keyId: stored.id, key: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), readAt: now };
    return this.signer;
  }
}
