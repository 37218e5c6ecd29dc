import type { ContentService } from "@core/content/service";
import type { FormIntake } from "@core/forms/intake";
import type { ContentCache } from "./cache/content";
import type { WorkerEnv } from "./env";
import type { RequestSourceState } from "./failure/source-failure";
import type { OpsStore } from "./ops/store";

/** Hono's environment: the bindings, and what worker/middleware/request-scope.ts sets for each request. */
export type AppEnv = {
  Bindings: WorkerEnv;
  Variables: {
    content: ContentService;
    /** The KV content cache behind `content`; its version stamp keys the page cache. */
    contentCache: ContentCache;
    /** The operational store (worker/ops/store.ts): D1 in both content modes. */
    ops: OpsStore;
    /** The form intake, once a form of this request was read (worker/forms/intake.ts `intakeOf`). */
    intake?: FormIntake;
    /** Whether a source degraded while this request was answered (docs/decisions/021). */
    sources: RequestSourceState;
    nonce?: string;
    /** Who may frame this answer besides no one (a preview: the CMS's admin, worker/preview.ts). */
    framedBy?: string;
  };
};
