import { type RouteConfig, route } from "@react-router/dev/routes";

// One route for every page the bench copies: its loader finds the copy by path.
export default [route("*", "routes/page.tsx", { id: "page" })] satisfies RouteConfig;
