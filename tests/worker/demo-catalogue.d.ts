// The module tests/support/demo-catalogue.ts serves: the demo catalogue read from content/.
declare module "virtual:demo-catalogue" {
  const catalogue: import("@scripts/content/types").Catalogue;
  export default catalogue;
}
