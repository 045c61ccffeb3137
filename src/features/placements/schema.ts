import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { applications } from "../applications/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// Placements (issue 58). Owned by features/placements. Money is kept in minor units (cents) of
// the salary's currency, percentages in basis points (20% = 2000), dates as YYYY-MM-DD.
/**
 * A candidate placed with a client through one application: the salary, the fee (a share of
 * the annual salary or a fixed sum, computed once and stored), when it is invoiced, the
 * guarantee, and what became of it (invoiced, paid, fallen through with a refund share).
 * `job_id` and `client_id` are copied from the application's job when it is made, so the
 * revenue report reads one table.
 */
export const placements = sqliteTable(
  "placements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    participantId: integer("participant_id").notNull(),
    jobId: integer("job_id").notNull(),
    clientId: integer("client_id"),
    startDate: text("start_date").notNull(),
    salaryCents: integer("salary_cents").notNull(),
    currency: text("currency").notNull(),
    salaryPeriod: text("salary_period", { enum: ["year", "month", "week", "day", "hour"] }).notNull(),
    feeType: text("fee_type", { enum: ["percent", "fixed"] }).notNull(),
    feeBasisPoints: integer("fee_basis_points"),
    feeCents: integer("fee_cents").notNull(),
    invoiceDate: text("invoice_date").notNull(),
    guaranteeDays: integer("guarantee_days").notNull().default(0),
    invoicedOn: text("invoiced_on"),
    paidOn: text("paid_on"),
    fellThroughOn: text("fell_through_on"),
    refundBasisPoints: integer("refund_basis_points"),
    refundCents: integer("refund_cents").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    uniqueIndex("placements_application_idx").on(t.applicationId),
    index("placements_invoice_idx").on(t.workspaceId, t.invoiceDate),
    index("placements_job_idx").on(t.workspaceId, t.jobId, t.createdAt),
  ],
);

/** Who shares a placement's fee: basis points per member, summing to 10,000 (100%). */
export const placementSplits = sqliteTable(
  "placement_splits",
  {
    placementId: integer("placement_id")
      .notNull()
      .references(() => placements.id, { onDelete: "cascade" }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    basisPoints: integer("basis_points").notNull(),
  },
  (t) => [primaryKey({ columns: [t.placementId, t.userId] }), index("placement_splits_user_idx").on(t.workspaceId, t.userId)],
);
