import { createHash } from 'node:crypto';
import { IMAGE_EXTENSION, type ImageType } from '@hotline/shared';

/** A media file's public name: the SHA-256 of its bytes in hex and its type's extension. */
export const MEDIA_NAME = /^([0-9a-f]{64})\.(jpg|png|webp)$/;

export const contentHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export const mediaName = (hash: string, type: ImageType): string => `${hash}.${IMAGE_EXTENSION[type]}`;

/** Where the storefront loads it from (served by media.controller.ts). */
export const mediaUrl = (name: string): string => `/api/media/${name}`;
