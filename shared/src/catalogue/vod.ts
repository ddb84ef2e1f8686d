/* ---- Video-on-demand: GET /api/vod/:vodId, POST /api/vod/:vodId/access ---- */

export interface VodInfo {
  /** The VOD event's presentation id (the route's :vodId). */
  vodId: number;
  featureId: number;
  featureName: string;
  /** 101-104. */
  venueTypeId: number;
  dateTime: string;
  /** ISO end of the viewing window (vodWatchUntil): watchable from purchase until then. */
  watchUntil: string;
  /** True when the streaming source is the built-in simulation (a demo clip). */
  simulated: boolean;
}

/** Proof of purchase: the customer session cookie, or the reservation identifier with the buyer's e-mail or mobile. */
export interface VodAccessRequest {
  reservationIdentifier?: string | null;
  email?: string | null;
  mobileNumber?: string | null;
}

export interface VodAccessResponse {
  /** Same-origin, short-lived, signed; carries no personal data. */
  streamUrl: string;
  expiresAt: string;
  simulated: boolean;
}
