import { InitialSchema1763700000000 } from './1763700000000-initial-schema';

/** Listed explicitly (no globs) so the same list works from src under jest and from dist. */
export const MIGRATIONS = [InitialSchema1763700000000];
