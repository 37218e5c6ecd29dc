import { atom } from "jotai";

/** Whether the Ctrl/Cmd+K search modal is open. */
export const searchOpenAtom = atom(false);
searchOpenAtom.debugLabel = "searchOpen";

export const toggleSearchAtom = atom(null, (get, set, open?: boolean) => {
  set(searchOpenAtom, open ?? !get(searchOpenAtom));
});
toggleSearchAtom.debugLabel = "toggleSearch";
