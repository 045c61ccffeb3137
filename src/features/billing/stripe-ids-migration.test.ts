// The migration that leaves the Stripe ids to billing's tables (0027): every account's customer and
// live subscription id end up in billing_customers / billing_subscriptions, and the users columns go
// without touching the rest of users.
import { expect, test } from "bun:test";
import { migrationsUpTo } from "../../../test/kits/migrations-up-to";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "../../db/schema";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { stripeIdsOfUser } from "./repo";

const MOVE = "0027_billing_owns_stripe_ids";

test("every account's Stripe ids are in billing's tables after the users columns go", () => {
  const sqlite = new Database(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsUpTo(MOVE, false) });
  sqlite.exec("INSERT INTO workspaces (id, name) VALUES (1, 'W'), (2, 'V')");
  // 1: mirrored by the webhook already; 2: ids only on users (a missed webhook, or set by hand);
  // 3: a mirrored customer and subscription not yet linked to the account; 4: a customer without
  // a live subscription; 5: no Stripe ids.
  sqlite.exec(`INSERT INTO users (id, workspace_id, email, password, name, phone, role, stripe_customer_id, stripe_subscription_id) VALUES
    (1, 1, 'a@example.com', 'x', 'Ada', '+1 555', 'owner', 'cus_A', 'sub_A'),
    (2, 2, 'b@example.com', 'x', 'Bob', NULL, 'owner', 'cus_B', 'sub_B'),
    (3, 1, 'c@example.com', 'x', 'Cy', NULL, 'recruiter', 'cus_C', 'sub_C'),
    (4, 1, 'd@example.com', 'x', 'Di', NULL, 'admin', 'cus_D', NULL),
    (5, 1, 'e@example.com', 'x', 'Ed', NULL, 'recruiter', NULL, NULL)`);
  sqlite.exec(`INSERT INTO billing_customers (stripe_customer_id, user_id, workspace_id, email) VALUES
    ('cus_A', 1, 1, 'a@example.com'), ('cus_C', NULL, NULL, 'c@example.com')`);
  sqlite.exec(`INSERT INTO billing_subscriptions (stripe_id, kind, stripe_customer_id, user_id, workspace_id, plan_id, status, trial_start) VALUES
    ('sub_A', 'subscription', 'cus_A', 1, 1, 'starter', 'trialing', 1700000000000),
    ('sub_C', 'subscription', 'cus_C', NULL, NULL, 'pro', 'active', NULL)`);
  sqlite.exec("INSERT INTO sessions (user_id, session_token, expires_at) VALUES (2, 'hash', 0)");
  const indexesBefore = sqlite.query("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users' ORDER BY name").all();
  const fksBefore = sqlite.query("PRAGMA foreign_key_list(users)").all();
  const columnsBefore = (sqlite.query("PRAGMA table_info(users)").all() as { name: string }[]).map((c) => c.name);

  migrate(db, { migrationsFolder: migrationsUpTo(MOVE, true) });

  const ids = (userId: number) => stripeIdsOfUser(db, userId);
  expect(ids(1)).toEqual({ stripeCustomerId: "cus_A", stripeSubscriptionId: "sub_A" });
  expect(ids(2)).toEqual({ stripeCustomerId: "cus_B", stripeSubscriptionId: "sub_B" });
  expect(ids(3)).toEqual({ stripeCustomerId: "cus_C", stripeSubscriptionId: "sub_C" });
  expect(ids(4)).toEqual({ stripeCustomerId: "cus_D", stripeSubscriptionId: null });
  expect(ids(5)).toEqual({ stripeCustomerId: null, stripeSubscriptionId: null });
  // What the webhook had written stays as it was; the added rows are owned by their accounts.
  expect(sqlite.query("SELECT stripe_id, kind, stripe_customer_id, user_id, workspace_id, plan_id, status FROM billing_subscriptions ORDER BY stripe_id").all()).toEqual([
    { stripe_id: "sub_A", kind: "subscription", stripe_customer_id: "cus_A", user_id: 1, workspace_id: 1, plan_id: "starter", status: "trialing" },
    { stripe_id: "sub_B", kind: "subscription", stripe_customer_id: "cus_B", user_id: 2, workspace_id: 2, plan_id: null, status: "active" },
    { stripe_id: "sub_C", kind: "subscription", stripe_customer_id: "cus_C", user_id: 3, workspace_id: 1, plan_id: "pro", status: "active" },
  ]);
  expect(sqlite.query("SELECT stripe_customer_id, user_id, workspace_id, email FROM billing_customers ORDER BY stripe_customer_id").all()).toEqual([
    { stripe_customer_id: "cus_A", user_id: 1, workspace_id: 1, email: "a@example.com" },
    { stripe_customer_id: "cus_B", user_id: 2, workspace_id: 2, email: "b@example.com" },
    { stripe_customer_id: "cus_C", user_id: 3, workspace_id: 1, email: "c@example.com" },
    { stripe_customer_id: "cus_D", user_id: 4, workspace_id: 1, email: "d@example.com" },
  ]);

  // The columns are gone and nothing else of users changed: its rows, indexes and foreign keys.
  const columns = (sqlite.query("PRAGMA table_info(users)").all() as { name: string }[]).map((c) => c.name);
  expect(columns).toEqual(columnsBefore.filter((c) => c !== "stripe_customer_id" && c !== "stripe_subscription_id"));
  expect(sqlite.query("SELECT id, email, name, phone, role FROM users ORDER BY id").all()).toEqual([
    { id: 1, email: "a@example.com", name: "Ada", phone: "+1 555", role: "owner" },
    { id: 2, email: "b@example.com", name: "Bob", phone: null, role: "owner" },
    { id: 3, email: "c@example.com", name: "Cy", phone: null, role: "recruiter" },
    { id: 4, email: "d@example.com", name: "Di", phone: null, role: "admin" },
    { id: 5, email: "e@example.com", name: "Ed", phone: null, role: "recruiter" },
  ]);
  expect(sqlite.query("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users' ORDER BY name").all()).toEqual(indexesBefore);
  expect(sqlite.query("PRAGMA foreign_key_list(users)").all()).toEqual(fksBefore);
  expect(sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
  // The foreign keys to users still hold: removing an account takes its session, and its billing
  // rows stay with the account id cleared (Stripe still has them).
  sqlite.exec("DELETE FROM users WHERE id = 2");
  expect(sqlite.query("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 0 });
  expect(sqlite.query("SELECT user_id FROM billing_subscriptions WHERE stripe_id = 'sub_B'").get()).toEqual({ user_id: null });
});
