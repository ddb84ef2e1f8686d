import type { SeatStatusRow } from './seat-status';

/** Socket.io event names for the seat room of one presentation. */
export const SeatEvents = {
  Subscribe: 'seats:subscribe',
  Unsubscribe: 'seats:unsubscribe',
  Delta: 'seats:delta',
  Snapshot: 'seats:snapshot',
  Resync: 'seats:resync',
} as const;

/** Client -> server: watch a presentation, holding `version` (0 or absent means "send a snapshot"). */
export interface SeatSubscribeMessage {
  presentationId: number;
  version?: number;
}

/** Server -> room: every seat row that changed between fromVersion (exclusive) and toVersion (inclusive). */
export interface SeatDeltaMessage {
  presentationId: number;
  fromVersion: number;
  toVersion: number;
  rows: SeatStatusRow[];
}

/** Server -> one client: the full state at `version`. Status 2 ("selected") is never sent on the shared room. */
export interface SeatSnapshotMessage {
  presentationId: number;
  version: number;
  rows: SeatStatusRow[];
}
