import { env } from "cloudflare:workers";
import { createD1Store } from "../../worker/content/d1";
import { registerContentContract } from "../contract/content-contract";

// The D1 store's submission and newsletter methods land with the forms work (issue 7): flip
// `writes` on once they do.
registerContentContract("D1", () => createD1Store(env.DB), { writes: false });
