import { type FormEvent, type FormHTMLAttributes, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * false on the server and during hydration, true afterwards: forms render for the browser's own
 * validation and posting first, and switch to their enhanced behaviour once JavaScript runs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A form's own props for both states: before hydration it validates and posts natively; after,
 * `onSubmit` takes over and the first focus starts the human check (its script loads then).
 */
export function enhancedForm(
  hydrated: boolean,
  onSubmit: (event: FormEvent<HTMLFormElement>) => void,
  human: { start: () => void } | null,
): Pick<FormHTMLAttributes<HTMLFormElement>, "noValidate" | "onSubmit" | "onFocus"> {
  return hydrated ? { noValidate: true, onSubmit, onFocus: human?.start } : { noValidate: false };
}
