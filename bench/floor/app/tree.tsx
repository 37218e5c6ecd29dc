import { createElement, type ReactNode } from "react";

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

/** The elements of a tree, plain React elements: no component of the site. */
export function render(nodes: Node[]): ReactNode[] {
  return nodes.map((node) => {
    if (typeof node === "string") return node;
    const [tag, props, ...children] = node;
    return createElement(tag, props, ...render(children));
  });
}
