export { createD1Store } from "./store";
