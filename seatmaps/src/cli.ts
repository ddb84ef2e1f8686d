#!/usr/bin/env node
/**
 * node seatmaps/dist/cli.js generate [--out DIR]   write arena.json + stadium.json (default seatmaps/generated/)
 * node seatmaps/dist/cli.js examples [--out DIR]   rewrite the committed cinema.json + theatre.json (default seatmaps/venues/)
 * node seatmaps/dist/cli.js validate FILE...       validate venue files, print their counts
 * node seatmaps/dist/cli.js svg FILE [OUT.svg]     draw a venue as SVG (default: FILE with .svg)
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  COMMITTED_VENUES,
  GENERATED_DIR,
  GENERATED_VENUES,
  regenerateVenues,
  VENUES_DIR,
  writeVenues,
  type GeneratedVenueReport,
} from './files';
import { renderVenueSvg } from './preview';
import { venueStats } from './stats';
import { loadVenueFile, SeatmapValidationError } from './validate';

const USAGE = `usage:
  cli.js generate [--out DIR]   write ${GENERATED_VENUES.join(', ')} (default ${path.relative(process.cwd(), GENERATED_DIR) || '.'})
  cli.js examples [--out DIR]   rewrite ${COMMITTED_VENUES.join(', ')} (default ${path.relative(process.cwd(), VENUES_DIR) || '.'})
  cli.js validate FILE...       validate venue files
  cli.js svg FILE [OUT.svg]     draw a venue as SVG`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  args.splice(i, 2);
  return value;
}

function report(rows: GeneratedVenueReport[]): void {
  for (const r of rows) {
    const t = performance.now();
    const stats = venueStats(loadVenueFile(r.file));
    const loadMs = performance.now() - t;
    console.log(
      `${path.relative(process.cwd(), r.file)}: ${stats.sections} sections, ${stats.seats} seats` +
        (stats.generalAdmissionCapacity ? ` + ${stats.generalAdmissionCapacity} general admission` : '') +
        `, ${(r.bytes / 1024 / 1024).toFixed(2)} MB; generate ${r.generateMs.toFixed(0)} ms, validate ${r.validateMs.toFixed(0)} ms, ` +
        `write ${r.writeMs.toFixed(0)} ms, load+validate from disk ${loadMs.toFixed(0)} ms`,
    );
  }
}

export function main(argv: string[]): number {
  const args = [...argv];
  const command = args.shift();
  try {
    switch (command) {
      case 'generate': {
        const out = path.resolve(option(args, '--out') ?? GENERATED_DIR);
        report(regenerateVenues(out));
        return 0;
      }
      case 'examples': {
        const out = path.resolve(option(args, '--out') ?? VENUES_DIR);
        report(writeVenues(COMMITTED_VENUES, out, { pretty: true }));
        return 0;
      }
      case 'validate': {
        if (args.length === 0) throw new Error('validate needs at least one file');
        let failed = 0;
        for (const file of args) {
          try {
            const t = performance.now();
            const stats = venueStats(loadVenueFile(file));
            console.log(
              `${file}: ok, ${stats.sections} sections, ${stats.seats} seats, capacity ${stats.capacity} (${(performance.now() - t).toFixed(0)} ms)`,
            );
          } catch (err) {
            if (!(err instanceof SeatmapValidationError)) throw err;
            console.error(err.message);
            failed++;
          }
        }
        return failed ? 1 : 0;
      }
      case 'svg': {
        const [file, out] = args;
        if (!file) throw new Error('svg needs a venue file');
        const target = out ?? file.replace(/\.json$/, '') + '.svg';
        fs.writeFileSync(target, renderVenueSvg(loadVenueFile(file)));
        console.log(`wrote ${target}`);
        return 0;
      }
      default:
        console.error(USAGE);
        return command === undefined || command === '--help' || command === 'help' ? 0 : 2;
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
