/**
 * Wire types of the waiver (memberships-backoffice-spec.md section 2:
 * "a waiver screen with add-child and clear-signature actions").
 */

/** GET /presentations/:id/waiver: what must be signed before paying for this event, or null. */
export interface WaiverRequirementResponse {
  waiver: {
    presentationId: number;
    terms: string;
    termsEn: string;
    /** The event's date in Israel (YYYY-MM-DD): ages are counted on it. */
    eventDate: string;
    /** Age band of each ticket of the event (ticket id -> band; open bounds are null). */
    tickets: { id: number; minAge: number | null; maxAge: number | null }[];
  } | null;
}

/** One participant: the signer first, then each child added. Participant i goes with the i-th seat of the event. */
export interface WaiverParticipant {
  name: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
}

/** A signed waiver in the cart (one per event that needs one). */
export interface CartWaiver {
  presentationId: number;
  participants: WaiverParticipant[];
  /** The drawn signature: a PNG data URL (data:image/png;base64,...). */
  signature: string;
  acceptedTerms: boolean;
}

/** The signed waiver as the e-ticket shows it. */
export interface EDocumentWaiver {
  presentationId: number;
  participants: WaiverParticipant[];
  /** ISO 8601. */
  signedAt: string;
  /** The address the signature came from (part of the legal record). */
  ip: string;
  /** GET this for the signature image (PNG). */
  signatureUrl: string;
}
