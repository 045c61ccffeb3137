import { resolve } from "node:path";

// What the database layer knows of a WAL shipper beside a database file (the standby copy,
// decision 0043): its state for /healthz and /metrics, and a way to run a truncating checkpoint
// while it is paused. Registered by the server that runs it, keyed by the database's path.

export interface ShipperState {
  /** Whether the shipper process is running and answering. */
  up: boolean;
  /** Seconds the oldest change not yet on the replica has waited (0: the replica has everything shipped). */
  lagSeconds: number;
  /** Bytes of WAL written locally and not yet on the replica. */
  lagBytes: number;
  /** Times the shipper was started again after it stopped on its own. */
  restarts: number;
  /** Where the replica is, without credentials. */
  where: string;
}

export interface Shipper {
  state(): ShipperState;
  /** Stops the shipper (it ships what it has), runs `fn`, starts it again. */
  pausedAround<T>(fn: () => T | Promise<T>): Promise<T>;
}

const shippers = new Map<string, Shipper>();

export function registerShipper(path: string, s: Shipper): () => void {
  const key = resolve(path);
  shippers.set(key, s);
  return () => {
    if (shippers.get(key) === s) shippers.delete(key);
  };
}

export const shipperOf = (path: string): Shipper | undefined => (path && path !== ":memory:" ? shippers.get(resolve(path)) : undefined);
