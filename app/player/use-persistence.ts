import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { persistedAtom, restoreAtom, STORAGE_KEY } from "./atoms";

/**
 * Current track, play state and volume survive a reload in sessionStorage. They are read after
 * hydration, so the server and the first client render agree (docs/decisions/006).
 */
export function usePersistence() {
  const restore = useSetAtom(restoreAtom);
  const state = useAtomValue(persistedAtom);
  const restored = useRef(false);

  useEffect(() => {
    try {
      const raw = sessionStorage.getItem(STORAGE_KEY);
      if (raw) restore(JSON.parse(raw));
    } catch (error) {
      console.warn("Could not restore the player", error);
    }
    restored.current = true;
  }, [restore]);

  useEffect(() => {
    if (!restored.current) return;
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or disabled: the player still works for this page view.
    }
  }, [state]);
}
