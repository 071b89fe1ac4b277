const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The same value, or plain objects whose own values are each the same (one level down). */
function sameShallow(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * `React.memo`'s comparison for props made from loader data. A reload brings every row back as a new object with
 * the same values, which the default comparison (by identity) counts as changed: in a long chat every message
 * then rendered again (its Markdown too) on every reload.
 */
export function sameProps<Props extends object>(a: Props, b: Props): boolean {
  const keys = Object.keys(a) as (keyof Props)[];
  return keys.length === Object.keys(b).length && keys.every((key) => sameShallow(a[key], b[key]));
}
