// The migration that moved Google connections from users to calendar_connections (0024): the
// connected users' sealed tokens move as they are, the rest of users is untouched.
import { expect, test } from "bun:test";
import { migrationsUpTo } from "../../../test/kits/migrations-up-to";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";

const MOVE = "0024_calendar_connections";

test("connected users' tokens move to calendar_connections and the users columns go", () => {
  const sqlite = new Database(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  const db = drizzle(sqlite);
  migrate(db, { migrationsFolder: migrationsUpTo(MOVE, false) });
  sqlite.exec("INSERT INTO workspaces (id, name) VALUES (1, 'W')");
  sqlite.exec(`INSERT INTO users (id, workspace_id, email, password, name, google_calendar_email, google_calendar_access_token, google_calendar_refresh_token, primary_calendar_id, calendar_connected)
    VALUES (1, 1, 'a@example.com', 'x', 'Ada', 'ada@gmail.example', 'v1.access', 'v1.refresh', 'team@group.calendar.google.com', 1),
           (2, 1, 'b@example.com', 'x', 'Bob', NULL, NULL, NULL, NULL, 0)`);
  sqlite.exec("INSERT INTO sessions (user_id, session_token, expires_at) VALUES (1, 'hash', 0)");
  const indexesBefore = sqlite.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users' ORDER BY name").all();

  migrate(db, { migrationsFolder: migrationsUpTo(MOVE, true) });

  expect(sqlite.query("SELECT user_id, google_email, access_token_sealed, refresh_token_sealed, primary_calendar_id FROM calendar_connections").all()).toEqual([
    { user_id: 1, google_email: "ada@gmail.example", access_token_sealed: "v1.access", refresh_token_sealed: "v1.refresh", primary_calendar_id: "team@group.calendar.google.com" },
  ]);
  const columns = (sqlite.query("PRAGMA table_info(users)").all() as { name: string }[]).map((c) => c.name);
  expect(columns).not.toContain("google_calendar_refresh_token");
  expect(columns).not.toContain("calendar_connected");
  expect(columns).toEqual(expect.arrayContaining(["id", "workspace_id", "email", "password", "name", "stripe_customer_id", "role", "removed_at", "created_at"]));
  expect(sqlite.query("SELECT id, email, name FROM users ORDER BY id").all()).toEqual([
    { id: 1, email: "a@example.com", name: "Ada" },
    { id: 2, email: "b@example.com", name: "Bob" },
  ]);
  expect(sqlite.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users' ORDER BY name").all()).toEqual(indexesBefore);
  expect(sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
  // The foreign keys to users still hold: removing a user takes its session and connection.
  sqlite.exec("DELETE FROM users WHERE id = 1");
  expect(sqlite.query("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 0 });
  expect(sqlite.query("SELECT count(*) AS n FROM calendar_connections").get()).toEqual({ n: 0 });
});
