import { createElement, Fragment, type ReactNode } from "react";

/**
 * A page's elements as data (bench/floors.mjs `htmlToTree`): a string is text, an array is
 * [tag, props, ...children] with React's prop names. Raw text (a stylesheet) is the element's
 * dangerouslySetInnerHTML.
 */
export type Node = string | [string, Record<string, unknown>, ...Node[]];
export interface Copy {
  head: Node[];
  body: Node[];
  bodyProps: Record<string, unknown>;
  lang: string;
}

/**
 * The elements of a tree, plain React elements: no component of the site. Children are passed
 * as arguments, as JSX passes them, so no list needs keys.
 */
export function render(nodes: Node[]): ReactNode {
  return createElement(Fragment, null, ...elements(nodes));
}

function elements(nodes: Node[]): ReactNode[] {
  return nodes.map((node) => {
    if (typeof node === "string") return node;
    const [tag, props, ...children] = node;
    return createElement(tag, props, ...elements(children));
  });
}
