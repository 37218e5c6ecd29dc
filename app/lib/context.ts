import { createContext } from "react-router";
import type { ContentService } from "../../worker/content/types";

/** The content service, set by the Worker on every request's router context. */
export const contentContext = createContext<ContentService>();

/** The Content-Security-Policy nonce of this response (worker/security-headers.ts), for entry.server. */
export const nonceContext = createContext<string | undefined>(undefined);
