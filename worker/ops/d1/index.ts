export { createD1OpsStore } from "./store";
