import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded media (docs/decisions/032): bytes in PostgreSQL keyed by their SHA-256, the type checked at upload and the
 * header's size; a feature names its image by that content-hash name. Blobs are never changed (same hash, same bytes)
 * and not deleted here (an order's page may still show an old poster from a cache).
 */
export class MediaBlob1796500000000 implements MigrationInterface {
  name = 'MediaBlob1796500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE media_blob (
        hash char(64) PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
        content_type varchar(16) NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
        bytes bytea NOT NULL,
        byte_size integer NOT NULL CHECK (byte_size = octet_length(bytes) AND byte_size <= 2097152),
        width integer NOT NULL,
        height integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE feature ADD COLUMN image_name varchar(69)
      CHECK (image_name ~ '^[0-9a-f]{64}\\.(jpg|png|webp)$')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE feature DROP COLUMN image_name');
    await q.query('DROP TABLE media_blob');
  }
}
