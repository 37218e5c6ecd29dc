import type { HTMLAttributes, ReactNode } from "react";
import { formatTime } from "./format-time";

/** The class names of a time bar's parts, in its host's own block (`player__…`, `embed__…`). */
export interface TimeBarClasses {
  box: string;
  time: string;
  bar: string;
  fill: string;
}

/**
 * Elapsed time, a bar filled up to the position, and the length: the player bar's seek slider
 * and the embed's progress (docs/product.md section 2). A slider takes `control`, the keys and
 * pointer that move it; both announce the position as "0:30 of 2:00".
 */
export function TimeBar({
  position,
  duration,
  classes,
  role,
  label,
  control,
  wave,
}: {
  position: number;
  duration: number;
  classes: TimeBarClasses;
  role: "slider" | "progressbar";
  label: string;
  control?: Pick<HTMLAttributes<HTMLDivElement>, "tabIndex" | "onKeyDown" | "onPointerDown">;
  /** A waveform drawn as the bar, its played part filled (the player's, docs/decisions/063). */
  wave?: ReactNode;
}) {
  const percent = duration ? Math.min(100, (position / duration) * 100) : 0;
  return (
    <div className={classes.box}>
      <span className={classes.time}>{formatTime(position)}</span>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is a prop, slider or progressbar; both take a label and values. */}
      <div
        {...control}
        role={role}
        aria-label={label}
        className={wave ? `${classes.bar} ${classes.bar}--wave` : classes.bar}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(position)}
        aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
      >
        {wave ?? <div className={classes.fill} style={{ width: `${percent}%` }} />}
      </div>
      <span className={classes.time}>{formatTime(duration)}</span>
    </div>
  );
}
