import { readFileSync } from "node:fs";
import { data, useLoaderData } from "react-router";
import { type Copy, render } from "../tree";

/** The copies bench/floors.mjs wrote (FLOOR_CONTENT: a JSON file of Copy by path and query). */
let copies: Record<string, Copy> | undefined;

export function loader({ request }: { request: Request }) {
  copies ??= JSON.parse(readFileSync(process.env.FLOOR_CONTENT ?? "", "utf8")) as Record<string, Copy>;
  const url = new URL(request.url);
  const copy = copies[`${url.pathname}${url.search}`];
  if (!copy) throw data("No copy of this page", 404);
  return copy;
}

export default function Page() {
  return render(useLoaderData<Copy>().body);
}
