import { useAtom } from "jotai";
import { lazy, Suspense, useEffect } from "react";
import { searchOpenAtom, toggleSearchAtom } from "./atoms";

// The modal's code loads on first use, keeping it out of every page's initial JavaScript.
const SearchModal = lazy(() => import("./on-use/search-modal"));

/** Ctrl+K / Cmd+K toggles the search modal from any page (docs/product.md section 2, Header). */
export function SearchLauncher() {
  const [open] = useAtom(searchOpenAtom);
  const [, toggle] = useAtom(toggleSearchAtom);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        toggle();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [toggle]);
  return open ? (
    <Suspense fallback={null}>
      <SearchModal />
    </Suspense>
  ) : null;
}
