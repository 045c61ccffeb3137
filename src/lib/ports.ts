/**
 * A feature's ports: what it needs of other features that it may not import (the feature graph
 * has no cycle, decision 0029). The feature declares them with their types; app.ts wires every
 * one at start-up, and a port left out stops the start with its name, so nothing runs with a
 * silently missing piece (the subscription gate once did: unwired, it let everyone through).
 */
export class MissingPortError extends Error {
  constructor(readonly port: string) {
    super(`Frank cannot start: the port ${port} is not wired (app.ts wires every feature's ports)`);
    this.name = "MissingPortError";
  }
}

export class Ports<T extends object> {
  // Keyed by the app's database handle, which every feature's context of one app shares.
  private readonly wired = new WeakMap<object, T>();
  constructor(
    readonly feature: string,
    readonly names: readonly (keyof T & string)[],
  ) {}

  /** app.ts, once per app: every port given, or MissingPortError naming the first one missing. */
  wire(deps: object, ports: { [K in keyof T]: T[K] | undefined }): void {
    for (const name of this.names) if (ports[name] == null) throw new MissingPortError(`${this.feature}.${name}`);
    this.wired.set(keyOf(deps), ports as T);
  }

  /** The feature's own use. An app that was not built by createApp has none: an error, never a silent pass. */
  of(deps: object): T {
    const p = this.wired.get(keyOf(deps));
    if (!p) throw new Error(`The ${this.feature} feature's ports are not wired (createApp wires them)`);
    return p;
  }
}

const keyOf = (deps: object): object => (deps as { db?: object }).db ?? deps;
