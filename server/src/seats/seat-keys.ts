/**
 * Redis key layout of the seat engine (docs/seat-engine.md). Every key of one
 * presentation shares the hash tag `{s:<id>}`, so they live in one slot and
 * one script may touch them all.
 */
export interface PresentationKeys {
  /** Prefix the scripts extend for per-owner sets (`own:<uuid>`) and GA free lists (`gafree:<sectionId>`). */
  base: string;
  init: string;
  st: string;
  exp: string;
  ver: string;
  log: string;
  taken: string;
  ga: string;
  ganext: string;
  own(owner: string): string;
  gafree(sectionId: number): string;
}

export function presentationKeys(prefix: string, presentationId: number): PresentationKeys {
  const base = `${prefix}{s:${presentationId}}:`;
  return {
    base,
    init: `${base}init`,
    st: `${base}st`,
    exp: `${base}exp`,
    ver: `${base}ver`,
    log: `${base}log`,
    taken: `${base}taken`,
    ga: `${base}ga`,
    ganext: `${base}ganext`,
    own: (owner) => `${base}own:${owner}`,
    gafree: (sectionId) => `${base}gafree:${sectionId}`,
  };
}

/** Presentation id -> earliest lock expiry; what the sweeper polls. */
export function dueKey(prefix: string): string {
  return `${prefix}seats:due`;
}

/** Every change of every presentation is published here as "<pid> <version> <changes>". */
export function changesChannel(prefix: string): string {
  return `${prefix}seats:changes`;
}

/** "<pid> <owner> <key,key...>" when the sweeper ends an owner's holds: only that visitor's sockets are told. */
export function holdsEndedChannel(prefix: string): string {
  return `${prefix}seats:holds-ended`;
}
