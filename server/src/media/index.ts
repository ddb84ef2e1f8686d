/** The media context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
export { MediaModule } from './media.module';
export { MediaStore } from './media-store';
export { mediaUrl } from './media-name';
