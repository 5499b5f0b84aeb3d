// Small combinators for the runtime checks of shared/ipc.ts's command table: each check is a type guard, so the table
// can prove that what a validator accepts is what the command's type says (an object with an extra key never passes).

/** A check of one value that tells TypeScript what it proved. */
export type Guard<T> = (value: unknown) => value is T;

/** A check of a command's whole argument list. */
export type ArgsGuard<A extends readonly unknown[]> = (args: readonly unknown[]) => args is A;

/** The type a guard proves. */
export type Guarded<G> = G extends (value: unknown) => value is infer T ? T : never;

/** No arguments at all. */
export const noArgs: ArgsGuard<[]> = (args): args is [] => args.length === 0;

/** Exactly these arguments, one check each, no more and no fewer. */
export function tuple<const G extends readonly Guard<unknown>[]>(
  ...checks: G
): ArgsGuard<{ -readonly [K in keyof G]: Guarded<G[K]> }> {
  return (args): args is { -readonly [K in keyof G]: Guarded<G[K]> } =>
    args.length === checks.length && checks.every((check, i) => check(args[i]));
}

/** Any one of these argument lists (a command with optional trailing arguments). */
export function oneOf<const G extends readonly ArgsGuard<unknown[]>[]>(...shapes: G): ArgsGuard<Guarded<G[number]>> {
  return (args): args is Guarded<G[number]> => shapes.some((shape) => shape(args));
}

/** A value that may be left out (undefined). */
export function optional<T>(check: Guard<T>): Guard<T | undefined> {
  return (value): value is T | undefined => value === undefined || check(value);
}

/** Null, or what the check accepts. */
export function nullable<T>(check: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || check(value);
}

/** Property names whose check lets them be left out. */
type OptionalKeys<S> = { [K in keyof S]: undefined extends Guarded<S[K]> ? K : never }[keyof S];

/** The object type an exactObject spec proves: optional() keys optional, the others required. */
type ExactShape<S> = { [K in Exclude<keyof S, OptionalKeys<S>>]: Guarded<S[K]> } & {
  [K in OptionalKeys<S>]?: Guarded<S[K]>;
};

/** A plain object with only the keys of `spec` (an extra key is refused), each passing its check. */
export function exactObject<const S extends Record<string, Guard<unknown>>>(spec: S): Guard<ExactShape<S>> {
  return (value): value is ExactShape<S> => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    if (Object.keys(record).some((key) => !Object.hasOwn(spec, key))) return false;
    return Object.entries(spec).every(([key, check]) => check(Object.hasOwn(record, key) ? record[key] : undefined));
  };
}

/** An array of at most `max` items, each passing the check (a hole counts as undefined, never skipped). */
export function arrayOf<T>(check: Guard<T>, max: number): Guard<T[]> {
  return (value): value is T[] =>
    Array.isArray(value) && value.length <= max && Array.from(value as unknown[]).every((item) => check(item));
}

/** One of these exact values. */
export function literal<const V extends readonly (string | number | boolean)[]>(...values: V): Guard<V[number]> {
  return (value): value is V[number] => values.includes(value as V[number]);
}

/** A boolean. */
export const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === "boolean";
