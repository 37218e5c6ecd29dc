import { allowLongProperties, fuzzRouteParams } from "./fuzz";

// Bad input everywhere: see tests/worker/fuzz.ts.
allowLongProperties();

fuzzRouteParams((name) => !name.startsWith("/blog"));
