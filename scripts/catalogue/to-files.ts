// `npm run catalogue`: writes the demo catalogue (generate.ts, fixed seed) as content files into
// content/ (or the directory given), the files `npm start`, the tests and the Strapi seed read.
// The unit lane checks content/ is what this writes (scripts/content/content.test.ts).
import { resolve } from "node:path";
import { DEMO_CONTENT, writeFolder } from "../content/folder";
import { catalogueToFiles } from "../content/write";
import { generateCatalogue } from "./generate";

const dir = resolve(process.argv[2] ?? DEMO_CONTENT);
const { written, removed } = writeFolder(dir, catalogueToFiles(generateCatalogue()));
console.log(`Wrote ${written} content files to ${dir}${removed.length ? `, removed ${removed.length}` : ""}`);
