import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ImageType } from '@hotline/shared';
import { contentHash, mediaName } from './media-name';
import { MediaStore, type StoredMedia } from './media-store';

/**
 * Media in PostgreSQL (`media_blob`, bytea keyed by content hash): a venue's few posters of at most 2 MB each are
 * backed up and replicated with everything else, with no second store to run (docs/decisions/032).
 */
@Injectable()
export class PostgresMediaStore extends MediaStore {
  constructor(private readonly db: DataSource) {
    super();
  }

  async put(bytes: Buffer, type: ImageType, size: { width: number; height: number }): Promise<StoredMedia> {
    const hash = contentHash(bytes);
    await this.db.query(
      `INSERT INTO media_blob (hash, content_type, bytes, byte_size, width, height)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (hash) DO NOTHING`,
      [hash, type, bytes, bytes.length, size.width, size.height],
    );
    return { name: mediaName(hash, type), type, bytes: bytes.length };
  }

  async get(hash: string): Promise<{ bytes: Buffer; type: ImageType } | null> {
    const [row]: { bytes: Buffer; content_type: ImageType }[] = await this.db.query(
      'SELECT bytes, content_type FROM media_blob WHERE hash = $1',
      [hash],
    );
    return row ? { bytes: row.bytes, type: row.content_type } : null;
  }
}
