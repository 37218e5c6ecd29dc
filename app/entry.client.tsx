import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installErrorReporter } from "./monitoring/error-listeners";
import { SiteCss, siteCssInDocument } from "./styles/site-styles";

// Before hydration, so errors while hydrating are reported too (docs/decisions/016). React's
// default for recoverable errors is window.reportError, which the reporter's listener sees.
installErrorReporter();

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
