import { app } from "./app";
import type { WorkerEnv } from "./env";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<WorkerEnv>;
