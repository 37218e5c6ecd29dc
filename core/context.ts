import { createContext } from "react-router";
import type { ContentService } from "./content/service";
import type { Turnstile } from "./forms/human-check";
import type { FormIntake } from "./forms/intake";

/** The content service, set by the Worker on every request's router context. */
export const contentContext = createContext<ContentService>();

/** The Worker's intake of visitor forms (newsletter, submissions), for route actions. */
export const intakeContext = createContext<FormIntake>();

/**
 * Turnstile, when its keys are set (worker/forms/turnstile.ts): the root loader hands its site key
 * to the forms, the actions check tokens with it. Undefined: the forms have no such check.
 */
export const turnstileContext = createContext<Turnstile | undefined>(undefined);

/** Per-request facts the root layout needs (the request's own URL origin for canonical links). */
export interface RequestInfo {
  nonce?: string;
}

/** The Content-Security-Policy nonce of this response (worker/security-headers.ts), for entry.server. */
export const nonceContext = createContext<string | undefined>(undefined);

/** How the server side reports an error: "where" becomes a tag, "warning" for degraded work. */
export type ServerReporter = (error: unknown, where: string, level?: "error" | "warning") => void;

/**
 * The Worker's error reporter (reportServerError, worker/monitoring/report.ts), for entry.server's render and
 * loader errors; outside the Worker (a unit test) errors are only logged.
 */
export const reporterContext = createContext<ServerReporter>((error, where) =>
  console.error(`[${where}]`, error),
);
