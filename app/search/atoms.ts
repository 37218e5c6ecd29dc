import { atom } from "jotai";

/** Whether the Ctrl/Cmd+K search modal is open. */
export const searchOpenAtom = atom(false);

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

// Names for the Jotai dev tools (docs/conventions.md); a production build drops them, as they
// would weigh on every page and embed.
if (import.meta.env.DEV) {
  searchOpenAtom.debugLabel = "searchOpen";
  toggleSearchAtom.debugLabel = "toggleSearch";
}
