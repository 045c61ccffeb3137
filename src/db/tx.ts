import type { DB } from "./client";
export type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
