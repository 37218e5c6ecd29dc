export { createStrapiSearch } from "./search";
export { createStrapiStore } from "./store";
