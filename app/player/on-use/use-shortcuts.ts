import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { currentTrackAtom, seekByAtom, toggleMuteAtom, togglePlayAtom } from "../atoms";
import { focusedControl, ownsKey } from "./key-owner";

export const SEEK_STEP_SECONDS = 10;

/**
 * docs/product.md section 9: Space plays or pauses, M mutes, Left and Right seek ±10 s, unless
 * the focused control uses the key itself (./key-owner.ts).
 */
export function useShortcuts() {
  const track = useAtomValue(currentTrackAtom);
  const toggle = useSetAtom(togglePlayAtom);
  const toggleMute = useSetAtom(toggleMuteAtom);
  const seekBy = useSetAtom(seekByAtom);

  useEffect(() => {
    if (!track) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const control = focusedControl(event.target);
      if (control && ownsKey(control, event.key)) return;
      if (event.key === " ") {
        event.preventDefault();
        toggle();
      } else if (event.key === "m" || event.key === "M") {
        toggleMute();
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        seekBy(-SEEK_STEP_SECONDS);
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        seekBy(SEEK_STEP_SECONDS);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [track, toggle, toggleMute, seekBy]);
}
