import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../cli';
import { ensureGeneratedVenues, GENERATED_DIR, listVenueFiles, VENUES_DIR } from '../files';
import { generateCinema, generateTheatre } from '../generators';
import { serializeVenue } from '../serialize';
import { loadVenueFile, SeatmapValidationError, validateVenue } from '../validate';
import { venueStats } from '../stats';
import { smallVenue } from './fixture';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatmaps-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadVenueFile', () => {
  it('names the file and the JSON path of the problem', () => {
    const doc = smallVenue() as unknown as {
      sections: { groups: { rows: { seats: { features?: number[] }[] }[] }[] }[];
    };
    doc.sections[0]!.groups[0]!.rows[0]!.seats[2]!.features = [1, 99];
    const file = path.join(dir, 'cinema.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    expect(() => loadVenueFile(file)).toThrow(SeatmapValidationError);
    expect(() => loadVenueFile(file)).toThrow(
      `${file}: /sections/0/groups/0/rows/0/seats/2/features/1: unknown feature code 99`,
    );
  });

  it('names the file when it is not JSON', () => {
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, '{"code": ');
    expect(() => loadVenueFile(file)).toThrow(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: /: invalid JSON`),
    );
  });

  it('returns the validated document with defaults filled in', () => {
    const file = path.join(dir, 'small.json');
    fs.writeFileSync(file, JSON.stringify(smallVenue()));
    const doc = loadVenueFile(file);
    expect(doc.sections[0]!.groups[0]!.rows[0]!.seats[1]!.features).toEqual([]);
  });
});

describe('serializeVenue', () => {
  it.each([false, true])('round-trips (pretty %s), leaving default values out', (pretty) => {
    const doc = generateCinema();
    const text = serializeVenue(doc, { pretty });
    expect(text).not.toContain('"rotate":0,');
    expect(text).not.toContain('"features":[]');
    expect(text).not.toContain('"together":null');
    expect(text.trimEnd().split('\n').length > 1).toBe(pretty);
    expect(validateVenue(JSON.parse(text), 'cinema.json')).toEqual(doc);
  });
});

describe('venue files', () => {
  it('lists cinema, theatre, arena, stadium', () => {
    expect(listVenueFiles()).toEqual([
      path.join(VENUES_DIR, 'cinema.json'),
      path.join(VENUES_DIR, 'theatre.json'),
      path.join(GENERATED_DIR, 'arena.json'),
      path.join(GENERATED_DIR, 'stadium.json'),
    ]);
    expect(listVenueFiles('/x').slice(2)).toEqual(['/x/arena.json', '/x/stadium.json']);
  });

  it.each([
    ['cinema', generateCinema],
    ['theatre', generateTheatre],
  ] as const)('the committed %s.json is valid and matches its generator', (name, generate) => {
    const file = path.join(VENUES_DIR, `${name}.json`);
    expect(loadVenueFile(file)).toEqual(generate());
    // Byte for byte, so `cli.js examples` after a generator change shows up in review.
    expect(fs.readFileSync(file, 'utf8')).toBe(serializeVenue(generate(), { pretty: true }));
  });

  it('ensureGeneratedVenues writes arena and stadium once, and again when a file is damaged', () => {
    const out = path.join(dir, 'generated');
    const files = ensureGeneratedVenues(out);
    expect(files).toEqual([path.join(out, 'arena.json'), path.join(out, 'stadium.json')]);
    const stadium = loadVenueFile(files[1]!);
    expect(venueStats(stadium).seats).toBe(100_000);
    // Compact: one line.
    expect(fs.readFileSync(files[0]!, 'utf8').trimEnd()).not.toContain('\n');

    const mtime = fs.statSync(files[1]!).mtimeMs;
    ensureGeneratedVenues(out);
    expect(fs.statSync(files[1]!).mtimeMs).toBe(mtime);

    fs.truncateSync(files[0]!, 100);
    ensureGeneratedVenues(out);
    expect(() => loadVenueFile(files[0]!)).not.toThrow();
    expect(fs.readdirSync(out).sort()).toEqual(['.manifest.json', 'arena.json', 'stadium.json']);
  });
});

describe('cli', () => {
  beforeEach(() => {
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('validate: 0 for good files, 1 and the message for a bad one', () => {
    expect(main(['validate', path.join(VENUES_DIR, 'cinema.json')])).toBe(0);
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ ...smallVenue(), zones: [] }));
    expect(main(['validate', bad])).toBe(1);
    expect(console.error).toHaveBeenCalledWith(`${bad}: /zones: must NOT have fewer than 1 items`);
  });

  it('svg draws a venue', () => {
    const out = path.join(dir, 'cinema.svg');
    expect(main(['svg', path.join(VENUES_DIR, 'cinema.json'), out])).toBe(0);
    const svg = fs.readFileSync(out, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<rect /g)!.length).toBeGreaterThan(150);
  });

  it('prints usage for an unknown command', () => {
    expect(main(['frobnicate'])).toBe(2);
  });
});
