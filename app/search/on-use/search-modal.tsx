import { TEXTS } from "@core/texts";
import { useAtom } from "jotai";
import { useEffect, useRef } from "react";
import { searchOpenAtom, takeOpener } from "../atoms";
import { SearchBox } from "../search-box";

/** The Ctrl/Cmd+K modal: suggestions (at most 8), focus in while open and back after. */
export function SearchModal() {
  const [open, setOpen] = useAtom(searchOpenAtom);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
      // Keep Tab inside the dialog while it is open.
      if (event.key === "Tab" && dialog.current) {
        const focusable = dialog.current.querySelectorAll<HTMLElement>("input, button, [href]");
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    // A press outside the dialog (on the dimmed page) closes it.
    const onPointer = (event: MouseEvent) => {
      if (dialog.current && !dialog.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onPointer);
      const restore = takeOpener();
      if (restore instanceof HTMLElement && restore.isConnected) restore.focus();
    };
  }, [open, setOpen]);

  if (!open) return null;
  return (
    <div className="search-modal">
      <div
        ref={dialog}
        className="search-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-label={TEXTS.searchLabel}
      >
        <SearchBox
          limit={8}
          autoFocus
          hints
          onNavigate={() => setOpen(false)}
          onEscape={() => setOpen(false)}
        />
        <button
          type="button"
          className="search-modal__close button button--ghost"
          onClick={() => setOpen(false)}
        >
          {TEXTS.close}
        </button>
      </div>
    </div>
  );
}

export default SearchModal;
