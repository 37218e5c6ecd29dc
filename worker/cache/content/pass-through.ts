/** `overrides` in front of `target`; every other member is the target's own (methods bound). */
export function passThrough<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(source, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T];
      const value = Reflect.get(source, property, source);
      return typeof value === "function" ? value.bind(source) : value;
    },
  });
}
