import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { billingRoutes } from "./routes";

/** Billing's pages and API (its subscription gate and Stripe ids go to auth: billing-access.ts). */
export function createBilling(deps: Deps, web: Web): Feature {
  return { routes: [plugin(billingRoutes(deps, web))], jobs: [], api: {} };
}
