// The migration to the one task table (0029): the outbox's e-mails and the work queue's items
// become tasks with their state, e-mails keep their content in mail_messages, webhook deliveries
// point at their task and start their attempt log with the try they recorded.
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { migrationsUpTo } from "../../test/kits/migrations-up-to";

const MOVE = "0029_one_task_table";

test("outbox and work_queue rows move into tasks; deliveries keep their task and their last try", () => {
  const sqlite = new Database(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  const db = drizzle(sqlite);
  migrate(db, { migrationsFolder: migrationsUpTo(MOVE, false) });
  sqlite.exec("INSERT INTO workspaces (id, name) VALUES (1, 'W')");
  sqlite.exec("INSERT INTO webhook_endpoints (id, workspace_id, url, events, secret_sealed) VALUES (7, 1, 'https://example.com/h', '[]', 'x')");
  sqlite.exec(`INSERT INTO work_queue (id, kind, payload, status, attempts, last_error, next_attempt_at, lease_until, done_at, created_at) VALUES
    (1, 'calendar.meeting', '{"meetingId":5}', 'done', 1, NULL, 0, NULL, 2000, 1000),
    (2, 'webhooks.deliver', '{"deliveryId":3}', 'retrying', 2, 'HTTP 500', 9000, 8000, NULL, 1000)`);
  sqlite.exec(`INSERT INTO webhook_deliveries (id, workspace_id, endpoint_id, webhook_id, type, payload, status, attempts, status_code, last_error, next_attempt_at, work_item_id, created_at)
    VALUES (3, 1, 7, 'msg_a', 'candidate.created', '{}', 'retrying', 2, 500, 'HTTP 500', 9000, 2, 1000)`);
  sqlite.exec(`INSERT INTO outbox (id, workspace_id, meeting_id, kind, audience, "to", subject, html, text, status, attempts, last_error, next_attempt_at, sent_at, created_at) VALUES
    (1, 1, 5, 'booked', 'candidate', 'ada@example.com', 'Booked', '<p>x</p>', 'x', 'sent', 1, NULL, 0, 3000, 1500),
    (2, 1, NULL, NULL, NULL, 'bob@example.com', 'Reset', '<p>y</p>', 'y', 'retrying', 3, '421 later', 7000, NULL, 1600)`);

  migrate(db, { migrationsFolder: migrationsUpTo(MOVE, true) });

  expect(sqlite.query("SELECT id, kind, serial_key, payload, status, attempts, run_at, lease_token, lease_until, last_error, created_at, finished_at FROM tasks ORDER BY id").all()).toEqual([
    {
      id: 1,
      kind: "calendar.meeting",
      serial_key: "meeting:5",
      payload: '{"meetingId":5}',
      status: "done",
      attempts: 1,
      run_at: 0,
      lease_token: null,
      lease_until: null,
      last_error: null,
      created_at: 1000,
      finished_at: 2000,
    },
    {
      id: 2,
      kind: "webhooks.deliver",
      serial_key: "webhook-endpoint:7",
      payload: '{"deliveryId":3}',
      status: "retrying",
      attempts: 2,
      run_at: 9000,
      lease_token: null,
      lease_until: null,
      last_error: "HTTP 500",
      created_at: 1000,
      finished_at: null,
    },
    {
      id: 3,
      kind: "mail.send",
      serial_key: null,
      payload: '{"messageId":1}',
      status: "done",
      attempts: 1,
      run_at: 0,
      lease_token: null,
      lease_until: null,
      last_error: null,
      created_at: 1500,
      finished_at: 3000,
    },
    {
      id: 4,
      kind: "mail.send",
      serial_key: null,
      payload: '{"messageId":2}',
      status: "retrying",
      attempts: 3,
      run_at: 7000,
      lease_token: null,
      lease_until: null,
      last_error: "421 later",
      created_at: 1600,
      finished_at: null,
    },
  ]);
  expect(sqlite.query('SELECT id, task_id, meeting_id, "to", subject, redacted_at FROM mail_messages ORDER BY id').all()).toEqual([
    { id: 1, task_id: 3, meeting_id: 5, to: "ada@example.com", subject: "Booked", redacted_at: 1500 },
    { id: 2, task_id: 4, meeting_id: null, to: "bob@example.com", subject: "Reset", redacted_at: null },
  ]);
  const d = sqlite.query("SELECT task_id, attempt_log FROM webhook_deliveries").get() as { task_id: number; attempt_log: string };
  expect(d.task_id).toBe(2);
  expect(JSON.parse(d.attempt_log)).toEqual([{ at: "1970-01-01T00:00:01.000Z", statusCode: 500, error: "HTTP 500", durationMs: null }]);
  const tables = (sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
  expect(tables).not.toContain("outbox");
  expect(tables).not.toContain("work_queue");
  expect(sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
});
