/**
 * Plug-in points between modules. The module that offers a plug-in point names it with a key
 * (`registryKey<TriggerKind>('plan-engine.triggers')`); other modules contribute items to it from
 * their own manifest (`contribution(TRIGGERS, formAnswered)`); the app gathers every manifest's
 * contributions once, and the offering module reads them (`ctx.registries.all(TRIGGERS)`). So a new
 * feature plugs into the plan engine, the labels or the audiences without editing them.
 */
export interface RegistryKey<T> {
  readonly name: string;
  /** Type-only: what the registry holds. */
  readonly items?: readonly T[];
}

export function registryKey<T>(name: string): RegistryKey<T> {
  return { name };
}

/** One item for one registry, as a manifest lists it. */
export interface Contribution {
  readonly key: RegistryKey<unknown>;
  readonly item: unknown;
}

export function contribution<T>(key: RegistryKey<T>, item: T): Contribution {
  return { key: key as RegistryKey<unknown>, item };
}

/** The items of every registry, gathered from the manifests. */
export class Registries {
  readonly #items = new Map<RegistryKey<unknown>, unknown[]>();

  constructor(contributions: readonly Contribution[] = []) {
    for (const { key, item } of contributions) this.#items.set(key, [...(this.#items.get(key) ?? []), item]);
  }

  /** Every item contributed to the registry, in the order of the manifests. */
  all<T>(key: RegistryKey<T>): readonly T[] {
    return (this.#items.get(key as RegistryKey<unknown>) ?? []) as T[];
  }
}
