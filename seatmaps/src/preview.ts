/**
 * A plain SVG drawing of a venue, for eyeballing generator output and format
 * changes (`node seatmaps/dist/cli.js svg <venue.json> [out.svg]`). It applies
 * the geometry exactly as README "Geometry" describes it.
 */
import type { VenueDocument } from './format';
import { boxCentre, seatPlanCentre, seatPlanSize } from './geometry';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const n = (v: number): string => String(Math.round(v * 10) / 10);

export function renderVenueSvg(doc: VenueDocument): string {
  const plan = doc.seatplan;
  const colour = new Map(doc.zones.map((z) => [z.code, z.color]));
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${plan.width} ${plan.height}" width="${plan.width}" height="${plan.height}">`,
    `<rect width="${plan.width}" height="${plan.height}" fill="#ffffff"/>`,
  );
  if (plan.stage) {
    const s = plan.stage;
    out.push(
      `<rect x="${s.x}" y="${s.y}" width="${s.width}" height="${s.height}" fill="#444"/>`,
      `<text x="${n(s.x + s.width / 2)}" y="${n(s.y + s.height / 2)}" font-size="${n(Math.min(s.height * 0.6, 60))}" fill="#fff" text-anchor="middle" dominant-baseline="middle">${esc(s.label.en)}</text>`,
    );
  }
  for (const section of doc.sections) {
    const box = section.box;
    const c = boxCentre(box);
    const fill = section.isReserved ? 'none' : (colour.get(section.zone ?? '') ?? '#ccc');
    if (section.outline) {
      out.push(
        `<polygon points="${section.outline.map(([x, y]) => `${x},${y}`).join(' ')}" fill="${fill}" fill-opacity="0.35" stroke="#999" stroke-width="2"/>`,
      );
    } else {
      out.push(
        `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" transform="rotate(${box.rotate} ${n(c.x)} ${n(c.y)})" fill="${fill}" fill-opacity="0.35" stroke="#999" stroke-width="2"/>`,
      );
    }
    for (const group of section.groups)
      for (const row of group.rows)
        for (const seat of row.seats) {
          const p = seatPlanCentre(box, seat);
          const size = seatPlanSize(box, seat);
          const angle = box.rotate + seat.rotate;
          const stroke = seat.features.length > 0 ? ' stroke="#000" stroke-width="1.5"' : '';
          out.push(
            `<rect x="${n(p.x - size.width / 2)}" y="${n(p.y - size.height / 2)}" width="${n(size.width)}" height="${n(size.height)}" transform="rotate(${n(angle)} ${n(p.x)} ${n(p.y)})" fill="${colour.get(seat.zone) ?? '#999'}"${stroke}/>`,
          );
        }
  }
  if (plan.focalPoint) {
    out.push(
      `<circle cx="${plan.focalPoint.x}" cy="${plan.focalPoint.y}" r="${n(Math.max(plan.width, plan.height) / 200)}" fill="#e11d48"/>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
