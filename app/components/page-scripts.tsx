import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];
type LinkOrFragmentProps = { rel?: unknown; children?: ReactNode };

/**
 * React Router's <Scripts>, with its modulepreload links asking for a low fetch priority
 * (docs/decisions/038-modulepreload-priority.md). The scripts are modules, so they never block
 * the first paint; at the default (high) priority the browser fetches all of them ahead of the
 * page's images, and Lighthouse's simulation counts every one that arrived before the first
 * paint as blocking it. React's own bootstrapModules preloads are low for the same reason.
 *
 * <Scripts> has no option for it, so this calls it as the plain function component it is (its
 * hooks become this component's, in the same order on every render) and lowers the priority of
 * the links it returns. It renders the same on the server and while hydrating; after hydration
 * <Scripts> returns null, as it would on its own.
 */
export function PageScripts(props: ScriptsProps) {
  return lowerModulePreloads(Scripts(props));
}

function lowerModulePreloads(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return node.map(lowerModulePreloads);
  if (!isValidElement<LinkOrFragmentProps>(node)) return node;
  if (node.type === "link" && node.props.rel === "modulepreload")
    return cloneElement(node as ReactElement<{ fetchPriority?: string }>, { fetchPriority: "low" });
  if (node.type !== Fragment) return node;
  const { children } = node.props;
  // Spread, so children that were separate arguments stay unkeyed siblings (not a list).
  return Array.isArray(children)
    ? cloneElement(node, undefined, ...children.map(lowerModulePreloads))
    : cloneElement(node, undefined, lowerModulePreloads(children));
}
