import { z } from "zod";

/** A query value of the dashboard: text or nothing (a bad value means "no filter", never a 400). */
const text = z.string().max(1000).optional().catch(undefined);

/** /dashboard's query: the no-JavaScript filter form, a shortlist to open, and the arrival toasts' markers. */
export const DashboardQuery = z.object({
  search: text,
  role: text,
  location: text,
  page: text,
  shortlistId: text,
  connected: text,
  checkout: text,
  portal: text,
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;
