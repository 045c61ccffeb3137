export type { StripeIds, StripeIdsReader } from "./ports";
