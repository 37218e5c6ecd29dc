export { createStrapiSearch } from "./search";
export { createStrapiSource } from "./source";
