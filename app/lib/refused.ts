import type { Parsed } from "@core/page-params";
import { data } from "react-router";

/**
 * A parameter reader's value, or the 400 a loader throws for a value the reader refused: its
 * message names the parameter and what it takes, and the error boundary shows it
 * (docs/decisions/121-one-reader-per-parameter.md).
 */
export function acceptedOr400<T>(read: Parsed<T>): T {
  if (!read.ok) throw data(read.error, { status: 400 });
  return read.value;
}
