import { renderToStaticMarkup } from 'react-dom/server';
import { designerTemplates } from '@hotline/seatmaps/designer';
import * as i18nextModule from 'i18next';
import * as reactI18next from 'react-i18next';
import en from '../locales/en.json';
import { BackgroundPanel } from '../background-panel';
import type { DesignerDoc, Seat } from '../editor/doc';
import { Editor } from '../editor/editor';
import { planToDoc } from '../editor/venue-document';
import { CategoriesPanel, ProblemsPanel, PropertiesPanel, ToolOptionsPanel } from '../panels';

/**
 * The designer's React side does no work per seat: seats are drawn on a canvas (render.ts), and React only lays out
 * the panels. Measured here by counts, not time: how often a command makes the screen render (the editor's change
 * notifications: the screen re-renders once for each), how many elements the panels render (the same for a
 * 20,000-seat block as for a 6-seat one), and how many times a render walks the seats (never, once the document has
 * not changed since the last one: a drag renders on every pointer move).
 */

/** The seats table, counting every walk over it. */
class CountingMap extends Map<string, Seat> {
  walks = 0;
  override values(): MapIterator<Seat> {
    this.walks++;
    return super.values();
  }
  override entries(): MapIterator<[string, Seat]> {
    this.walks++;
    return super.entries();
  }
  override [Symbol.iterator](): MapIterator<[string, Seat]> {
    this.walks++;
    return super[Symbol.iterator]();
  }
}

function stadium(): { editor: Editor; seats: CountingMap } {
  const doc: DesignerDoc = planToDoc(
    designerTemplates()
      .find((t) => t.id === 'stadium')!
      .build(),
  );
  const seats = new CountingMap(doc.seats);
  doc.seats = seats;
  const editor = new Editor(doc);
  // Room to the right of the stands for the new block, with the stadium's seat size and spacing to spare.
  editor.updateMeta({ width: doc.meta.width + 200 * doc.meta.seatSize * 1.5 + 400 });
  editor.history.clear();
  editor.options.grid = 0;
  return { editor, seats };
}

/** A block of rows x seats right of the stands, in one drag. */
function drawBlock(editor: Editor, rows: number, seatsPerRow: number): void {
  const pitch = editor.doc.meta.seatSize * 1.5;
  const x = editor.doc.meta.width - seatsPerRow * pitch - 200;
  editor.options.block = { rows, seatsPerRow, curvature: 0, stagger: false };
  editor.setTool('block');
  editor.create({ x, y: 100 }, { x: x + (seatsPerRow - 1) * pitch, y: 100 + (rows - 1) * pitch });
  editor.setTool('select');
}

function panels(editor: Editor): string {
  return renderToStaticMarkup(
    <>
      <ProblemsPanel editor={editor} problems={editor.problems()} lang="en" onShow={() => undefined} />
      <ToolOptionsPanel editor={editor} />
      <PropertiesPanel editor={editor} lang="en" />
      <CategoriesPanel editor={editor} lang="en" />
      <BackgroundPanel editor={editor} />
    </>,
  );
}
const elements = (markup: string) => markup.match(/<[a-z]/g)?.length ?? 0;

beforeAll(async () => {
  // The designer's English texts only (the app merges them into its bundle when the screen's chunk loads).
  const i18next =
    (i18nextModule as unknown as { default?: typeof i18nextModule.default }).default ?? i18nextModule.default;
  await i18next.use(reactI18next.initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

test('a 100,000-seat plan: a 20,000-seat block applied, undone and redone renders the screen once or twice each, and its panels the same as for 6 seats', () => {
  const { editor, seats } = stadium();
  expect(seats.size).toBeGreaterThanOrEqual(100_000);
  const opened = seats.size;
  let renders = 0;
  editor.subscribe(() => renders++);

  drawBlock(editor, 2, 3);
  const small = elements(panels(editor));
  editor.undo();
  renders = 0;

  drawBlock(editor, 100, 200);
  // The command, then the new block selected (and the tool set back, as the test does by hand).
  expect(seats.size).toBe(opened + 20_000);
  expect(renders).toBeLessThanOrEqual(4);
  expect(editor.targetSeats()).toHaveLength(20_000);
  const large = elements(panels(editor));
  expect(large).toBe(small);
  expect(large).toBeLessThan(400);

  renders = 0;
  editor.undo();
  expect(renders).toBe(1);
  expect(seats.size).toBe(opened);
  editor.redo();
  expect(renders).toBe(2);
  expect(seats.size).toBe(opened + 20_000);
});

test('a render while dragging (the document unchanged) walks no seat of a 100,000-seat plan', () => {
  const { editor, seats } = stadium();
  drawBlock(editor, 100, 200);
  panels(editor);
  seats.walks = 0;
  // A drag: every pointer move renders the screen; the selection and the document stay as they are.
  for (let i = 0; i < 5; i++) {
    editor.dragTo(i * 3, 0);
    panels(editor);
  }
  expect(seats.walks).toBe(0);
  editor.endDrag();
  panels(editor);
  // The move itself walks the block's seats (a command), and the render after it works out the panels once again.
  expect(seats.walks).toBeGreaterThan(0);
});
