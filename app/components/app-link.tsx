import { forwardRef } from "react";
import { Link, type LinkProps, NavLink, type NavLinkProps, useLocation } from "react-router";

function touchesSearch(to: LinkProps["to"], current: string): boolean {
  const path = typeof to === "string" ? to : (to.pathname ?? "");
  return path.startsWith("/search") || current.startsWith("/search");
}

/**
 * A link that prefetches on intent and animates with a View Transition, except to or from
 * /search, which docs/product.md section 2 keeps still.
 */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink(props, ref) {
  const { pathname } = useLocation();
  return <Link ref={ref} prefetch="intent" viewTransition={!touchesSearch(props.to, pathname)} {...props} />;
});

/** A navigation link marked aria-current="page" only when its path equals the current path. */
export function AppNavLink(props: NavLinkProps) {
  const { pathname } = useLocation();
  return <NavLink prefetch="intent" end viewTransition={!touchesSearch(props.to, pathname)} {...props} />;
}
