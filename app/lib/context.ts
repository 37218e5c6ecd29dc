import { createContext } from "react-router";
import type { ContentService } from "../../worker/content/types";
import type { FormIntake } from "../../worker/forms/types";

/** The content service, set by the Worker on every request's router context. */
export const contentContext = createContext<ContentService>();

/** The Worker's intake of visitor forms (newsletter, submissions), for route actions. */
export const intakeContext = createContext<FormIntake>();

/** Per-request facts the root layout needs (the request's own URL origin for canonical links). */
export interface RequestInfo {
  nonce?: string;
}

/** The Content-Security-Policy nonce of this response (worker/security-headers.ts), for entry.server. */
export const nonceContext = createContext<string | undefined>(undefined);
