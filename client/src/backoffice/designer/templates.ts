import { emptyDoc, type DesignerDoc, type Meta } from './editor/doc';
import { Editor } from './editor/editor';

export type TemplateId = 'empty' | 'theatre' | 'cinema';
export const TEMPLATES: readonly TemplateId[] = ['empty', 'theatre', 'cinema'];

/**
 * Starting points offered on the new-plan screen, drawn with the editor's own tools so they are what a person would
 * have drawn by hand (and can be changed the same way).
 */
export function templateDoc(id: TemplateId, venue: Meta['venue']): DesignerDoc {
  const e = new Editor(emptyDoc(venue));
  if (id === 'empty') return e.doc;
  e.options.grid = 0;
  const stalls = e.addZone();
  e.setTool('stage');
  e.create({ x: 300, y: 30 }, { x: 700, y: 80 });
  if (id === 'cinema') {
    e.activeZone = stalls;
    e.options.block = { rows: 12, seatsPerRow: 20, curvature: 0, stagger: false };
    e.setTool('block');
    e.create({ x: 300, y: 200 }, { x: 700, y: 600 });
  } else {
    e.addZone();
    e.activeZone = stalls;
    e.options.block = { rows: 8, seatsPerRow: 14, curvature: 0.4, stagger: false };
    e.setTool('block');
    e.create({ x: 200, y: 150 }, { x: 460, y: 350 });
    e.create({ x: 540, y: 150 }, { x: 800, y: 350 });
    e.activeZone = [...e.doc.zones.keys()][1]!;
    e.options.block = { rows: 4, seatsPerRow: 30, curvature: 0.3, stagger: true };
    e.create({ x: 200, y: 450 }, { x: 800, y: 560 });
  }
  e.setTool('select');
  return e.doc;
}
