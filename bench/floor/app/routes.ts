import { index, type RouteConfig, route } from "@react-router/dev/routes";

// One module for every page the bench copies (its loader finds the copy by path): the splat
// route does not match "/", so the index route is the same module under an id of its own.
export default [
  index("routes/page.tsx", { id: "home" }),
  route("*", "routes/page.tsx", { id: "page" }),
] satisfies RouteConfig;
