/** The seat a ticket is for, as its code names it. */
export interface SignableTicket {
  identifier: string;
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
}

/**
 * What puts a ticket's code on its e-ticket: the check-in context signs it (an Ed25519 'HLT2' code a scanner checks
 * offline), so reservations never holds the keys. A port, implemented by check-in, because check-in reads tickets
 * through this context and an import the other way would close a cycle.
 */
export abstract class TicketCodeSigner {
  abstract codeFor(ticket: SignableTicket): Promise<string>;
  /** The ticket's rotating-code secret (base64url), for a show that asks for the rotating code. */
  abstract rotatingSecretFor(ticketIdentifier: string): string;
}
