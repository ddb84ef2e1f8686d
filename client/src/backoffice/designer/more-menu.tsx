import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

interface MoreMenuItem {
  id: string;
  label: string;
  onSelect: () => void;
  /** Opens a dialog (the help panel): announced as such. */
  dialog?: boolean;
}

/**
 * The designer bar's overflow: actions used now and then (export, import, the shortcuts' help) behind one button, so
 * the bar keeps to one row at 1280 px in every language. A menu button as the ARIA pattern has it: Enter, Space or
 * ArrowDown opens it on the first item, ArrowUp on the last; arrows, Home and End move; Escape and Tab close it (Escape
 * gives the focus back to the button); choosing an item closes it, the focus back on the button (where a dialog it
 * opens gives it back when closed).
 */
export function MoreMenu({ label, items, testId }: { label: string; items: MoreMenuItem[]; testId?: string }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const ids = { button: useId(), menu: useId() };
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    openAt(e.key === 'ArrowDown' ? 0 : items.length - 1);
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const last = items.length - 1;
    const move: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    if (e.key in move) {
      e.preventDefault();
      setActive(move[e.key]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  return (
    <div className="designer-more" ref={rootRef}>
      <button
        ref={buttonRef}
        id={ids.button}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? ids.menu : undefined}
        data-testid={testId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          id={ids.menu}
          role="menu"
          aria-labelledby={ids.button}
          className="designer-more-menu"
          onKeyDown={onMenuKey}
        >
          {items.map((item, i) => (
            <button
              key={item.id}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={i === active ? 0 : -1}
              aria-haspopup={item.dialog ? 'dialog' : undefined}
              data-testid={testId ? `${testId}-${item.id}` : undefined}
              onClick={() => (close(true), item.onSelect())}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
