import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Editor } from './editor/editor';
import type { Problem } from './editor/validate';

/** Re-renders the calling component whenever the editor changes (the editor's version is the snapshot). */
export function useEditorVersion(editor: Editor): number {
  return useSyncExternalStore(
    (fn) => editor.subscribe(fn),
    () => editor.version,
  );
}

/**
 * The problems list for the screen, worked out after the frame that shows a change: checking a 100,000-seat plan
 * takes hundreds of milliseconds, and the canvas shows the change first (a block, an undo) while the list keeps the
 * last one for that frame. Edits in quick succession (a drag) check once they pause. Saving and publishing ask the
 * editor itself (editor.problems(): always of the document as it is now).
 */
export function useProblemsAfterPaint(editor: Editor): Problem[] {
  const docVersion = editor.docVersion;
  const [shown, setShown] = useState(() => ({ version: docVersion, problems: editor.problems() }));
  useEffect(() => {
    if (shown.version === docVersion) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs before that frame's paint (after the canvas's, asked for first): the check waits for a
    // task after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown({ version: editor.docVersion, problems: editor.problems() }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [editor, docVersion, shown.version]);
  return shown.problems;
}
