import { type RefObject, useEffect, useRef } from "react";

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea, [tabindex="0"]';

/**
 * Opens a <dialog> as a modal (the page behind turns inert), closes it on Escape, and keeps Tab
 * and Shift+Tab cycling inside it rather than leaving for the browser's own controls. Returns
 * the way to close it: the modal closes first, so the owner can move focus back to the page
 * (an inert page refuses focus while the modal is open).
 */
export function useDialogFocus(dialog: RefObject<HTMLDialogElement | null>, onClose: () => void) {
  // The latest callback without reopening the dialog each time its owner renders.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      element.close();
      close.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const items = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    element.addEventListener("cancel", onCancel);
    element.addEventListener("keydown", onKeyDown);
    return () => {
      element.removeEventListener("cancel", onCancel);
      element.removeEventListener("keydown", onKeyDown);
      if (element.open) element.close();
    };
  }, [dialog]);
  return () => {
    dialog.current?.close();
    close.current();
  };
}
