import { allowLongProperties, fuzzRouteParams } from "./fuzz";
import { PAGE_ROUTES } from "./fuzz-routes";

// Bad input everywhere: see tests/worker/fuzz.ts.
allowLongProperties();

fuzzRouteParams((row) => PAGE_ROUTES.includes(row) && row.route.startsWith("/blog"));
