import { atom } from "jotai";

/** Whether the Ctrl/Cmd+K search modal is open. */
export const searchOpenAtom = atom(false);
searchOpenAtom.debugLabel = "searchOpen";

// What had focus before the modal opened, so closing it can give focus back (docs/decisions/008).
let opener: Element | null = null;

/** The element focused before the modal opened (read once when it closes). */
export function takeOpener(): Element | null {
  const element = opener;
  opener = null;
  return element;
}

export const toggleSearchAtom = atom(null, (get, set, open?: boolean) => {
  const next = open ?? !get(searchOpenAtom);
  if (next && !get(searchOpenAtom) && typeof document !== "undefined") opener = document.activeElement;
  set(searchOpenAtom, next);
});
toggleSearchAtom.debugLabel = "toggleSearch";
