// The one Node API the Worker uses (nodejs_compat provides it in workerd). The Worker's
// tsconfig has no @types/node, so only what we call is declared here.
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}
