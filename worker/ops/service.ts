import type { WorkerEnv } from "../env";
import { createD1OpsStore } from "./d1";
import type { OpsStore } from "./store";

// One store per D1 binding: what the store keeps for the isolate (the link key it read) is
// kept across requests, as it was when it was keyed by the binding.
const stores = new WeakMap<D1Database, OpsStore>();

/**
 * The operational store of this env (worker/ops/store.ts): always D1's, whether CMS_URL is set
 * or not, so mail state, sessions and rate limits live in D1 in both content modes. A request
 * reads it as `c.var.ops` (worker/middleware/request-scope.ts); the queue consumer and the Cron
 * Trigger, which have no request, call this with their env and get the same store.
 */
export function opsStoreOf(env: Pick<WorkerEnv, "DB">): OpsStore {
  const db = env.DB;
  // Without a binding (a test of something else) the store fails on first use, as DB would.
  if (!db) return createD1OpsStore(db);
  let store = stores.get(db);
  if (!store) {
    store = createD1OpsStore(db);
    stores.set(db, store);
  }
  return store;
}
