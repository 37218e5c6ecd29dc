import { allowLongProperties, fuzzQueries } from "./fuzz";
import { WORKER_ROUTES } from "./fuzz-routes";

// Bad input everywhere: see tests/worker/fuzz.ts. The Hono app's routes: feeds, /api, the desk.
allowLongProperties();

fuzzQueries((row) => WORKER_ROUTES.includes(row), 0.3);
