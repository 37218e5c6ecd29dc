export { createD1Source } from "./source";
