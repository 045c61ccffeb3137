import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

export const REPORTS = ["funnel", "times", "sources", "interviews", "revenue"] as const;
export type ReportName = (typeof REPORTS)[number];
export const REPORT_TITLES: Record<ReportName, string> = {
  funnel: "Funnel",
  times: "Time to hire",
  sources: "Sources",
  interviews: "Interviews",
  revenue: "Revenue",
};
export const GROUPS = ["none", "job", "client", "source", "recruiter"] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A filter from the address: blank or malformed is "not set" (a bookmarked report never breaks). */
const loose = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === "" ? undefined : v), s.optional().catch(undefined));

export const ReportQuery = z.object({
  report: z.enum(REPORTS).catch("funnel").default("funnel"),
  from: loose(z.string().regex(DATE)),
  to: loose(z.string().regex(DATE)),
  clientId: loose(positiveId()),
  jobId: loose(positiveId()),
  recruiterId: loose(positiveId()),
  source: loose(z.string().trim().min(1).max(200)),
  by: z.enum(GROUPS).catch("none").default("none"),
  finished: z.preprocess((v) => v === "1" || v === "on" || v === "true" || v === true, z.boolean()).default(false),
});
export type ReportQuery = z.infer<typeof ReportQuery>;

/** A horizontal bar chart: one row per category, one bar (or stacked part) per series. */
export interface Chart {
  unit: string;
  stacked: boolean;
  categories: string[];
  series: { name: string; color: string; values: number[] }[];
}

export interface Report {
  name: ReportName;
  title: string;
  /** What the numbers count, in a sentence or two. */
  notes: string[];
  chart: Chart;
  columns: string[];
  rows: (string | number | null)[][];
}
