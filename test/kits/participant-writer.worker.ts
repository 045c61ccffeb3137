// Test kit (src/features/monitor/sync.test.ts): writes participants from another thread, on its
// own SQLite connection, while the sync runs in the main thread. Not part of the app, so kept in
// test/ rather than in a feature that does not own the participants table.
import { Database } from "bun:sqlite";

declare const self: Worker;

self.onmessage = async (e: MessageEvent<{ path: string; workspaceId: number; perWrite: number }>) => {
  const { path, workspaceId, perWrite } = e.data;
  const db = new Database(path);
  db.exec("PRAGMA busy_timeout = 5000");
  const insert = db.prepare("insert into participants (workspace_id, unique_id, name, email_address, role_applied, city) values (?, ?, ?, ?, ?, ?)");
  let written = 0;
  let stop = false;
  self.onmessage = () => (stop = true);
  while (!stop) {
    db.transaction(() => {
      for (let i = 0; i < perWrite; i++) {
        const n = ++written;
        insert.run(workspaceId, `writer-${n}`, `Writer ${n}`, `writer${n}@example.com`, "Developer", "Perth");
      }
    })();
    await Bun.sleep(1);
  }
  db.close();
  self.postMessage({ written });
};
