import { allowLongProperties, fuzzQueries } from "./fuzz";
import { PAGE_ROUTES } from "./fuzz-routes";

// Bad input everywhere: see tests/worker/fuzz.ts. The pages of app/routes.ts.
allowLongProperties();

fuzzQueries((row) => PAGE_ROUTES.includes(row));
