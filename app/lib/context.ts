import { createContext } from "react-router";
import type { ContentService } from "../../worker/content/types";

/** The content service, set by the Worker on every request's router context. */
export const contentContext = createContext<ContentService>();

/** Per-request facts the root layout needs (the request's own URL origin for canonical links). */
export interface RequestInfo {
  nonce?: string;
}
