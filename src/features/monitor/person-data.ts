// What the candidates feature asks of the monitor about one person; the SQL is person-data-repo.ts's.
export { eraseBackupOf } from "./person-data-repo";
