import { useSyncExternalStore } from 'react';
import type { Editor } from './editor/editor';

/** Re-renders the calling component whenever the editor changes (the editor's version is the snapshot). */
export function useEditorVersion(editor: Editor): number {
  return useSyncExternalStore(
    (fn) => editor.subscribe(fn),
    () => editor.version,
  );
}
