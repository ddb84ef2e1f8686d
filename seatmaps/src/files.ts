/**
 * Where the venue files live and how the big ones get made.
 * - seatmaps/venues/: cinema.json, theatre.json: committed, small, pretty-printed examples.
 * - seatmaps/generated/ (gitignored): arena.json, stadium.json, written on demand.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { VENUE_FORMAT_VERSION, type VenueDocument } from './format';
import { generateArena, generateCinema, generateStadium, generateTheatre } from './generators';
import { writeVenueFile } from './serialize';
import { validateVenue, VENUE_SCHEMA_PATH } from './validate';

/** seatmaps/ (the package root), from src/ under jest and from dist/ when built. */
export const SEATMAPS_ROOT = path.resolve(__dirname, '..');
export const VENUES_DIR = path.join(SEATMAPS_ROOT, 'venues');
export const GENERATED_DIR = path.join(SEATMAPS_ROOT, 'generated');

export const VENUE_GENERATORS = {
  cinema: generateCinema,
  theatre: generateTheatre,
  arena: generateArena,
  stadium: generateStadium,
} as const satisfies Record<string, () => VenueDocument>;

export type VenueName = keyof typeof VENUE_GENERATORS;
/** Committed to seatmaps/venues/. */
export const COMMITTED_VENUES = ['cinema', 'theatre'] as const satisfies readonly VenueName[];
/** Generated into seatmaps/generated/ (too big to commit). */
export const GENERATED_VENUES = ['arena', 'stadium'] as const satisfies readonly VenueName[];

// A dotfile, so globbing generated/*.json yields only venues.
const MANIFEST = '.manifest.json';

interface Manifest {
  formatVersion: number;
  fingerprint: string;
  files: Record<string, { bytes: number }>;
}

/** Paths of all four demo venues: [cinema, theatre, arena, stadium]. Does not create anything. */
export function listVenueFiles(generatedDir: string = GENERATED_DIR): string[] {
  return [
    ...COMMITTED_VENUES.map((name) => path.join(VENUES_DIR, `${name}.json`)),
    ...GENERATED_VENUES.map((name) => path.join(generatedDir, `${name}.json`)),
  ];
}

/**
 * A hash of the code that decides what the generated files contain (generators,
 * serializer, format, geometry, schema), so changed generators regenerate stale
 * files. Hashes the TypeScript sources when they are present (the repository),
 * so running from dist/ and from src/ (jest) agree; the compiled files otherwise.
 */
function generatorFingerprint(): string {
  const hash = crypto.createHash('sha256');
  hash.update(String(VENUE_FORMAT_VERSION));
  const srcDir = path.join(SEATMAPS_ROOT, 'src');
  const [dir, ext] = fs.existsSync(path.join(srcDir, 'generators')) ? [srcDir, '.ts'] : [__dirname, '.js'];
  const files = [
    ...fs
      .readdirSync(path.join(dir, 'generators'))
      .filter((f) => f.endsWith(ext) && !f.endsWith('.d.ts'))
      .sort()
      .map((f) => path.join(dir, 'generators', f)),
    ...['format', 'serialize', 'geometry'].map((base) => path.join(dir, `${base}${ext}`)),
    VENUE_SCHEMA_PATH,
  ];
  for (const file of files) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function readManifest(outDir: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

function isFresh(outDir: string, fingerprint: string): boolean {
  const manifest = readManifest(outDir);
  if (!manifest || manifest.fingerprint !== fingerprint || manifest.formatVersion !== VENUE_FORMAT_VERSION)
    return false;
  return GENERATED_VENUES.every((name) => {
    const expected = manifest.files[name]?.bytes;
    try {
      return expected !== undefined && fs.statSync(path.join(outDir, `${name}.json`)).size === expected;
    } catch {
      return false;
    }
  });
}

export interface GeneratedVenueReport {
  name: VenueName;
  file: string;
  bytes: number;
  generateMs: number;
  validateMs: number;
  writeMs: number;
}

/**
 * Generates, validates and writes venues. Generated venues are written on one
 * line; `pretty` gives the indented form used for the committed examples.
 */
export function writeVenues(
  names: readonly VenueName[],
  outDir: string,
  options: { pretty?: boolean } = {},
): GeneratedVenueReport[] {
  return names.map((name) => {
    const file = path.join(outDir, `${name}.json`);
    let t = performance.now();
    const doc = VENUE_GENERATORS[name]();
    const generateMs = performance.now() - t;
    t = performance.now();
    validateVenue(doc, `${name}.json`);
    const validateMs = performance.now() - t;
    t = performance.now();
    writeVenueFile(doc, file, { pretty: options.pretty ?? false });
    const writeMs = performance.now() - t;
    return { name, file, bytes: fs.statSync(file).size, generateMs, validateMs, writeMs };
  });
}

/**
 * Writes arena.json and stadium.json into `outDir` unconditionally, plus the
 * manifest ensureGeneratedVenues checks.
 */
export function regenerateVenues(outDir: string = GENERATED_DIR): GeneratedVenueReport[] {
  const fingerprint = generatorFingerprint();
  const reports = writeVenues(GENERATED_VENUES, outDir);
  const manifest: Manifest = {
    formatVersion: VENUE_FORMAT_VERSION,
    fingerprint,
    files: Object.fromEntries(reports.map((r) => [r.name, { bytes: r.bytes }])),
  };
  const tmp = path.join(outDir, `${MANIFEST}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(tmp, path.join(outDir, MANIFEST));
  return reports;
}

/**
 * Makes sure arena.json and stadium.json exist in `outDir` and were made by the
 * current generators (a manifest records a fingerprint of the generator code);
 * writes them otherwise (about a second). Returns their paths: [arena, stadium].
 * Safe to call concurrently: files are written atomically with identical content.
 */
export function ensureGeneratedVenues(outDir: string = GENERATED_DIR, options: { force?: boolean } = {}): string[] {
  if (options.force || !isFresh(outDir, generatorFingerprint())) regenerateVenues(outDir);
  return GENERATED_VENUES.map((name) => path.join(outDir, `${name}.json`));
}
