import type { EventStatus } from "@core/content/event";

/** Postponed and cancelled are said plainly; scheduled needs no badge. */
export function EventStatusBadge({ status }: { status: EventStatus }) {
  if (status === "scheduled") return null;
  return (
    <strong className={`badge badge--${status}`}>{status === "postponed" ? "Postponed" : "Cancelled"}</strong>
  );
}
