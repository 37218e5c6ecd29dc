import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { SiteCss, siteCssInDocument } from "./styles/site-styles";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SiteCss value={siteCssInDocument()}>
        <HydratedRouter />
      </SiteCss>
    </StrictMode>,
  );
});
