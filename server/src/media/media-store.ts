import type { ImageType } from '@hotline/shared';

/** A stored file: its public name is the SHA-256 of its bytes with the extension of its type (`<hex>.webp`). */
export interface StoredMedia {
  name: string;
  type: ImageType;
  bytes: number;
}

/**
 * Where uploaded media live (docs/decisions/032). Content-addressed: the same bytes are stored once and their name
 * never changes meaning, so they are served as immutable. A port, so a CDN or object store can take PostgreSQL's place.
 */
export abstract class MediaStore {
  /** Stores the bytes (a no-op when the same bytes are already there). */
  abstract put(bytes: Buffer, type: ImageType, size: { width: number; height: number }): Promise<StoredMedia>;
  /** The bytes and type stored under a content hash, or null. */
  abstract get(hash: string): Promise<{ bytes: Buffer; type: ImageType } | null>;
}
