/**
 * Venue validation: the JSON Schema (ajv's code for it, generated ahead of time into venue-schema-check.generated.ts,
 * so the browser runs the same check without compiling code at run time, which its content security policy forbids)
 * and then the rules a schema cannot express. Every problem is reported as `<file>: <JSON pointer>: <message>`.
 * Browser-safe: nothing here reads files (validate.ts adds the file loader for node).
 */
import type { ErrorObject } from 'ajv';
import { isSeatFeatureCode, isSoldTogetherFeature } from '@hotline/shared';
import type { PlanPoint, VenueDocument } from './format';
import { boxCorners } from './geometry';
import { validate as generatedSchemaCheck } from './venue-schema-check.generated';
import { fromVenueDocument } from './designer/convert';
import { MAX_BACKGROUND_IMAGE_BYTES } from './designer/model';
import { validatePlan, type PlanProblemCode } from './designer/validate-plan';
import { describeVenueIssue, type VenueIssueCode, type VenueIssueFacts } from './venue-issue-text';

export interface SeatmapIssue extends VenueIssueFacts {
  /** JSON pointer into the document, e.g. "/sections/0/groups/1/rows/3/seats/7/features/0"; "/" for the root. */
  path: string;
  /** The sentence in English (describeVenueIssue says it in another language from `code` and `params`). */
  message: string;
}

/** An issue at `path`, its English sentence made from the code's table row. */
export function venueIssue(path: string, code: VenueIssueCode, params: Record<string, string> = {}): SeatmapIssue {
  return { path, code, params, message: describeVenueIssue({ code, params }, 'en') };
}

const finite = Number.isFinite;

/** At most this many rule violations are collected before giving up. */
const MAX_ISSUES = 50;
/** Slack for floating-point comparisons, in percent or plan units. */
const EPSILON = 1e-6;
/** Rotated section boxes and the stage may stick out of the plan by this many plan units. */
const PLAN_SLACK = 0.5;

export class SeatmapValidationError extends Error {
  override readonly name = 'SeatmapValidationError';
  constructor(
    readonly fileName: string,
    readonly issues: SeatmapIssue[],
  ) {
    super(formatIssues(fileName, issues));
  }
}

function formatIssues(fileName: string, issues: SeatmapIssue[]): string {
  const lines = issues.slice(0, 10).map((i) => `${fileName}: ${i.path}: ${i.message}`);
  if (issues.length > 10) lines.push(`${fileName}: ... and ${issues.length - 10} more`);
  return lines.join('\n');
}

/** ajv's keywords as the table's codes, and the one param each sentence names. */
const AJV_LIMITS: Record<string, VenueIssueCode> = {
  minimum: 'SCHEMA_MINIMUM',
  maximum: 'SCHEMA_MAXIMUM',
  exclusiveMinimum: 'SCHEMA_EXCLUSIVE_MINIMUM',
  exclusiveMaximum: 'SCHEMA_EXCLUSIVE_MAXIMUM',
  minItems: 'SCHEMA_MIN_ITEMS',
  maxItems: 'SCHEMA_MAX_ITEMS',
  minLength: 'SCHEMA_MIN_LENGTH',
  maxLength: 'SCHEMA_MAX_LENGTH',
};

function ajvIssue(e: ErrorObject): SeatmapIssue {
  const pointer = e.instancePath || '/';
  const params = e.params as Record<string, unknown>;
  const text = (v: unknown) => String(v);
  const limitCode = AJV_LIMITS[e.keyword];
  if (limitCode) return venueIssue(pointer, limitCode, { limit: text(params.limit) });
  switch (e.keyword) {
    case 'additionalProperties': {
      const prop = text(params.additionalProperty);
      const escaped = prop.replace(/~/g, '~0').replace(/\//g, '~1');
      return venueIssue(`${e.instancePath}/${escaped}`, 'SCHEMA_UNKNOWN_PROPERTY', { property: prop });
    }
    case 'required':
      return venueIssue(pointer, 'SCHEMA_MISSING_PROPERTY', { property: text(params.missingProperty) });
    case 'const':
      return venueIssue(pointer, 'SCHEMA_CONST', { allowed: JSON.stringify(params.allowedValue) });
    case 'enum':
      return venueIssue(pointer, 'SCHEMA_ENUM', { allowed: JSON.stringify(params.allowedValues) });
    case 'type':
      return venueIssue(pointer, 'SCHEMA_TYPE', { type: text(params.type) });
    case 'pattern':
      return venueIssue(pointer, 'SCHEMA_PATTERN', { pattern: text(params.pattern) });
    case 'uniqueItems':
      return venueIssue(pointer, 'SCHEMA_UNIQUE_ITEMS', { i: text(params.i), j: text(params.j) });
    case 'anyOf':
      return venueIssue(pointer, 'SCHEMA_ANY_OF');
    default:
      return venueIssue(pointer, 'SCHEMA_INVALID', { detail: e.message ?? 'is invalid' });
  }
}

/**
 * Validates `doc` (parsed JSON) and returns it typed. Throws SeatmapValidationError
 * naming `fileName` and the JSON path of each problem.
 *
 * Note: fills in defaults for omitted optional fields *in place* (seat `rotate` 0,
 * `features` [], `together` null; section `zone` null, `outline` null).
 */
/** The generated check, typed: it answers whether the document fits and leaves ajv's errors on itself. */
const venueSchemaCheck = generatedSchemaCheck as ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

export function validateVenue(doc: unknown, fileName: string): VenueDocument {
  if (!venueSchemaCheck(doc)) {
    throw new SeatmapValidationError(fileName, (venueSchemaCheck.errors ?? []).map(ajvIssue));
  }
  const venue = doc as VenueDocument;
  const issues = checkRules(venue);
  if (issues.length > 0) throw new SeatmapValidationError(fileName, issues);
  return venue;
}

class IssueList {
  readonly items: SeatmapIssue[] = [];
  add(path: string, code: VenueIssueCode, params: Record<string, unknown> = {}): void {
    if (this.items.length >= MAX_ISSUES) return;
    const strings = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
    this.items.push(venueIssue(path, code, strings));
  }
  get full(): boolean {
    return this.items.length >= MAX_ISSUES;
  }
}

interface TogetherGroup {
  rowPath: string;
  firstSeatPath: string;
  count: number;
}

/** The rules beyond the schema. Assumes `venue` already passed the schema. */
function checkRules(venue: VenueDocument): SeatmapIssue[] {
  const issues = new IssueList();
  const plan = venue.seatplan;

  if (!finite(plan.width + plan.height)) issues.add('/seatplan', 'PLAN_NOT_FINITE');
  const planSize = { width: plan.width, height: plan.height };
  const inPlan = (x: number, y: number): boolean =>
    x >= -PLAN_SLACK && y >= -PLAN_SLACK && x <= plan.width + PLAN_SLACK && y <= plan.height + PLAN_SLACK;

  if (plan.stage) {
    const s = plan.stage;
    if (!inPlan(s.x, s.y) || !inPlan(s.x + s.width, s.y + s.height)) {
      issues.add('/seatplan/stage', 'STAGE_OUTSIDE_PLAN', planSize);
    }
  }
  if (plan.focalPoint && !inPlan(plan.focalPoint.x, plan.focalPoint.y)) {
    issues.add('/seatplan/focalPoint', 'FOCAL_POINT_OUTSIDE_PLAN', planSize);
  }

  const zoneCodes = new Set<string>();
  venue.zones.forEach((zone, i) => {
    if (zoneCodes.has(zone.code)) issues.add(`/zones/${i}/code`, 'DUPLICATE_ZONE_CODE', { code: zone.code });
    zoneCodes.add(zone.code);
  });

  const sectionCodes = new Set<string>();
  for (let si = 0; si < venue.sections.length && !issues.full; si++) {
    const section = venue.sections[si]!;
    const sp = `/sections/${si}`;
    if (sectionCodes.has(section.code)) issues.add(`${sp}/code`, 'DUPLICATE_SECTION_CODE', { code: section.code });
    sectionCodes.add(section.code);

    const b = section.box;
    if (!finite(b.x + b.y + b.width + b.height + b.rotate)) issues.add(`${sp}/box`, 'BOX_NOT_FINITE');
    const corners = boxCorners(section.box);
    if (corners.some((c) => !inPlan(c.x, c.y))) {
      issues.add(`${sp}/box`, 'BOX_OUTSIDE_PLAN', planSize);
    }
    section.outline?.forEach(([x, y], oi) => {
      if (!inPlan(x, y)) issues.add(`${sp}/outline/${oi}`, 'OUTLINE_OUTSIDE_PLAN', { x, y });
    });

    let seatCount = 0;
    for (const group of section.groups) for (const row of group.rows) seatCount += row.seats.length;

    if (section.isReserved) {
      if (section.capacity !== null) {
        issues.add(`${sp}/capacity`, 'RESERVED_CAPACITY_NOT_NULL');
      }
      if (section.zone !== null) {
        issues.add(`${sp}/zone`, 'RESERVED_ZONE_NOT_NULL');
      }
      if (seatCount === 0) issues.add(`${sp}/groups`, 'RESERVED_NO_SEATS');
    } else {
      if (section.capacity === null || section.capacity <= 0) {
        issues.add(`${sp}/capacity`, 'GA_CAPACITY_MISSING');
      }
      if (section.zone === null) {
        issues.add(`${sp}/zone`, 'GA_ZONE_MISSING');
      } else if (!zoneCodes.has(section.zone)) {
        issues.add(`${sp}/zone`, 'UNKNOWN_ZONE', { zone: section.zone });
      }
      if (seatCount > 0) issues.add(`${sp}/groups`, 'GA_HAS_SEATS', { count: seatCount });
    }

    const groupCodes = new Set<string>();
    const positions = new Map<string, string>();
    const together = new Map<number, TogetherGroup>();

    section.groups.forEach((group, gi) => {
      const gp = `${sp}/groups/${gi}`;
      if (groupCodes.has(group.code))
        issues.add(`${gp}/code`, 'DUPLICATE_GROUP_CODE', { code: group.code, section: section.code });
      groupCodes.add(group.code);

      group.rows.forEach((row, ri) => {
        const rp = `${gp}/rows/${ri}`;
        const seatNames = new Set<string>();
        row.seats.forEach((seat, ki) => {
          if (issues.full) return;
          const kp = `${rp}/seats/${ki}`;
          if (
            !finite(seat.xOffsetPercent + seat.yOffsetPercent + seat.widthPercent + seat.heightPercent + seat.rotate)
          ) {
            issues.add(kp, 'SEAT_NOT_FINITE');
          }

          const key = `${seat.x},${seat.y}`;
          const previous = positions.get(key);
          if (previous !== undefined) {
            issues.add(kp, 'DUPLICATE_SEAT_POSITION', { x: seat.x, y: seat.y, section: section.code, first: previous });
          } else {
            positions.set(key, kp);
          }
          if (seatNames.has(seat.name))
            issues.add(`${kp}/name`, 'DUPLICATE_SEAT_NAME', { seat: seat.name, row: row.name });
          seatNames.add(seat.name);

          if (!zoneCodes.has(seat.zone)) issues.add(`${kp}/zone`, 'UNKNOWN_ZONE', { zone: seat.zone });

          let soldTogether = false;
          for (let fi = 0; fi < seat.features.length; fi++) {
            const code = seat.features[fi]!;
            if (!isSeatFeatureCode(code)) issues.add(`${kp}/features/${fi}`, 'UNKNOWN_FEATURE', { feature: code });
            else if (isSoldTogetherFeature(code)) soldTogether = true;
          }

          if (seat.xOffsetPercent + seat.widthPercent > 100 + EPSILON) {
            issues.add(`${kp}/widthPercent`, 'SEAT_PAST_RIGHT_EDGE', {
              offset: seat.xOffsetPercent,
              size: seat.widthPercent,
            });
          }
          if (seat.yOffsetPercent + seat.heightPercent > 100 + EPSILON) {
            issues.add(`${kp}/heightPercent`, 'SEAT_PAST_BOTTOM_EDGE', {
              offset: seat.yOffsetPercent,
              size: seat.heightPercent,
            });
          }

          if (seat.together !== null) {
            if (!soldTogether) {
              issues.add(`${kp}/together`, 'TOGETHER_NOT_COUCH');
            }
            const t = together.get(seat.together);
            if (!t) {
              together.set(seat.together, { rowPath: rp, firstSeatPath: kp, count: 1 });
            } else {
              t.count++;
              if (t.rowPath !== rp) {
                issues.add(`${kp}/together`, 'TOGETHER_SPANS_ROWS', { group: seat.together, first: t.firstSeatPath });
              }
            }
          }
        });
      });
    });

    for (const [id, t] of together) {
      if (t.count < 2) issues.add(`${t.firstSeatPath}/together`, 'TOGETHER_ALONE', { group: id });
    }
  }
  const background = venue.decor?.background;
  if (background) {
    const problem = backgroundImageIssue(background.src);
    if (problem) issues.add('/decor/background/src', problem.code, problem.params);
  }
  return issues.items;
}

// The designer's upload checks the same limit before reading the file.
export { MAX_BACKGROUND_IMAGE_BYTES };

/** The first bytes of each image type a background may be. */
const IMAGE_SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    String.fromCharCode(b[0]!, b[1]!, b[2]!, b[3]!) === 'RIFF' &&
    String.fromCharCode(b[8]!, b[9]!, b[10]!, b[11]!) === 'WEBP',
};

/**
 * Why a background image source is refused, or null: a path on this site, or a base64 data URL of a PNG, JPEG or WebP
 * image of at most MAX_BACKGROUND_IMAGE_BYTES whose bytes are the type it names (not a script or an SVG calling it one).
 */
function backgroundImageIssue(src: string): VenueIssueFacts | null {
  const issue = (code: VenueIssueCode, params: Record<string, string> = {}): VenueIssueFacts => ({ code, params });
  if (src.startsWith('/') && !src.startsWith('//'))
    return src.length <= 2000 ? null : issue('BACKGROUND_PATH_TOO_LONG');
  const m = /^data:(image\/[a-z]+);base64,/.exec(src);
  if (!m) return issue('BACKGROUND_SOURCE');
  const type = m[1]!;
  const check = IMAGE_SIGNATURES[type];
  if (!check) return issue('BACKGROUND_TYPE', { type });
  const base64 = src.slice(m[0].length);
  const bytes = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (bytes > MAX_BACKGROUND_IMAGE_BYTES) {
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    return issue('BACKGROUND_TOO_LARGE', { size: mb(bytes), max: mb(MAX_BACKGROUND_IMAGE_BYTES) });
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return issue('BACKGROUND_NOT_BASE64');
  const head = Uint8Array.from(atob(base64.slice(0, 16)), (c) => c.charCodeAt(0));
  if (!check(head)) return issue('BACKGROUND_BYTES', { type });
  return null;
}

/** backgroundImageIssue's answer as an English sentence, or null. */
export function backgroundImageProblem(src: string): string | null {
  const issue = backgroundImageIssue(src);
  return issue && describeVenueIssue(issue, 'en');
}

/** A reason a (format-valid) plan may not be published yet: the designer's live check, located in the file. */
export interface PublishProblem {
  code: PlanProblemCode;
  /** JSON pointer of the first thing named (a seat, row, section or zone). */
  path: string;
  /** Where on the plan, plan units; null for a zone. */
  at: PlanPoint | null;
  /** Values for the sentence (describePlanProblem). */
  params: Record<string, string>;
}

/**
 * What stops a valid document from being published: the same check the designer runs as staff draw (duplicate
 * labels, overlapping seats, seats outside their section, unlabeled seats and rows, zones without seats...), each
 * problem at the JSON pointer of what is wrong. At most `maxPerCode` of each kind.
 */
export function publishProblems(doc: VenueDocument, maxPerCode = 20): PublishProblem[] {
  const check = validatePlan(fromVenueDocument(doc), { maxPerCode });
  // fromVenueDocument's ids: z<i>, s<i>, s<i>r<j> (rows counted across the section's groups), s<i>r<j>k<k>.
  const rowPointers = new Map<string, string>();
  doc.sections.forEach((section, si) => {
    let j = 0;
    section.groups.forEach((group, gi) => {
      group.rows.forEach((_row, ri) => rowPointers.set(`s${si}r${j++}`, `/sections/${si}/groups/${gi}/rows/${ri}`));
    });
  });
  const pointer = (id: string | undefined): string => {
    if (!id) return '/';
    const zone = /^z(\d+)$/.exec(id);
    if (zone) return `/zones/${zone[1]}`;
    const m = /^(s(\d+))(r\d+)?(?:k(\d+))?$/.exec(id);
    if (!m) return '/';
    if (!m[3]) return `/sections/${m[2]}`;
    const row = rowPointers.get(`${m[1]}${m[3]}`) ?? `/sections/${m[2]}`;
    return m[4] === undefined ? row : `${row}/seats/${m[4]}`;
  };
  return check.problems.map((p) => ({ code: p.code, path: pointer(p.ids[0]), at: p.at, params: p.params }));
}
