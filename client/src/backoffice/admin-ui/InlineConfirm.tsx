import { useEffect, useRef, type ReactNode } from 'react';
import { closeOnEscape } from './close-on-escape';

/**
 * An inline confirmation under a table row: a title, what the change does in plain words, any input it takes
 * (`children`), then the dangerous choice and the safe one. It takes the focus when it opens (its title and
 * explanation are read); Escape is the safe choice. Ids and test id: `id`, `${id}-title`, `${id}-explain`.
 * `classPrefix`: the screen's classes, `${classPrefix}-editor`, `-editor-title` and `-explain`.
 */
export function InlineConfirm({
  id,
  classPrefix,
  title,
  explain,
  confirmLabel,
  keepLabel,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  id: string;
  classPrefix: string;
  title: ReactNode;
  explain: string;
  confirmLabel: string;
  keepLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const groupRef = useRef<HTMLDivElement>(null);

  useEffect(() => groupRef.current?.focus(), []);

  return (
    <div
      id={id}
      className={`${classPrefix}-editor`}
      role="group"
      tabIndex={-1}
      ref={groupRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-explain`}
      onKeyDown={closeOnEscape(onClose)}
      data-testid={id}
    >
      <p id={`${id}-title`} className={`${classPrefix}-editor-title`}>
        {title}
      </p>
      <p id={`${id}-explain`} className={`${classPrefix}-explain`}>
        {explain}
      </p>
      {children}
      <div className="bo-actions">
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onClose}>
          {keepLabel}
        </button>
      </div>
    </div>
  );
}
