import { TEXTS } from "@core/texts";
import { useNavigation } from "react-router";
import { LogoMark } from "./logo";

/** The pulsing logo with 'Loading...', shown while a client navigation loads (docs/product.md section 2). */
export function LoadingIndicator() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div className="loading-indicator" role="status" aria-live="polite">
      <span className="loading-indicator__logo">
        <LogoMark size={40} />
      </span>
      <span>{TEXTS.loading}</span>
    </div>
  );
}
