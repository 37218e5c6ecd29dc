import { TEXTS } from "@core/texts";
import { data } from "react-router";
import { NotFound } from "../components/error-page";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: `${TEXTS.notFoundTitle} · Crossfade` }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
