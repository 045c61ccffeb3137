// The help texts of the command line: `frank --help` and `frank help <command>`.

/** A command used wrongly: its message is followed by the verb's help, and the exit code is 2. */
export class UsageError extends Error {}

export const USAGE = `Usage: frank <command> [options]

Commands:
  serve [--demo] [--role R]         start the server (applies migrations first)
  migrate                           apply database migrations, then exit
  backup                            write a database backup now (and upload it when BACKUP_S3_URL is set)
  restore FILE | s3://BUCKET/KEY    replace the database with a backup (server stopped)
  restore --from-replica [--at TIME]
                                    replace the database with the standby copy (REPLICA_URL)
  user create --email E --password P [--name N] [--workspace ID --role R]
                                    create an account and its workspace, or a member of workspace ID
  user list [--json]                list the accounts
  user reset-password --email E [--password P]
                                    set a new password (a random one when none is given)
  user delete --email E             delete an account (and its workspace when it was the last account in it)
  workspace list [--json]           list the workspaces with their owner and member count
  jobs [release]                    show outgoing work held by a restore, or release it
  healthcheck                       exit 0 when the local server answers /healthz (for containers)
  help [COMMAND]                    show this help, or the help of one command
  version                           show the version and the commit it was built from

Options: -h, --help (also after a command), -v, --version.
Configuration is read from the environment (PORT, DATABASE_PATH, APP_URL, APP_SECRET, ...): see the README.`;

export const HELP: Record<string, string> = {
  serve: `Usage: frank serve [--demo] [--role web|worker|all]

Applies the database migrations, then serves the API, the pages and the assets on PORT
(default 3000), and starts the worker process that sends e-mails, webhooks and calendar
writes and runs the scheduled jobs (sync, reminders, backups on BACKUP_CRON). A worker that
stops is started again; the pages keep answering meanwhile.
With REPLICA_URL the server (not a --role worker) also runs Litestream beside the database,
which ships every change to the standby copy within seconds (frank restore --from-replica).
  --demo    demo mode: seeds a demo workspace on first start and shows Demo Login;
            without APP_SECRET one is generated once and kept in the data folder.
  --role    run one part alone, e.g. in two containers on one data volume:
            web     the pages and the API only (a worker must run beside it)
            worker  the tasks and the scheduled jobs only (no port; more than one may run)
            all     both in this one process
Every configuration value is checked first; a bad one stops with a line naming it.`,
  migrate: `Usage: frank migrate

Applies the database migrations embedded in this build to DATABASE_PATH, then exits.
serve does the same at start-up; use migrate to upgrade before starting.`,
  backup: `Usage: frank backup

Writes a consistent snapshot of the database (VACUUM INTO) to <data folder>/backups/ and
keeps the newest BACKUP_KEEP. With BACKUP_S3_URL=s3://bucket/prefix it also uploads the
snapshot there and keeps the newest BACKUP_KEEP in the bucket (S3_ACCESS_KEY_ID,
S3_SECRET_ACCESS_KEY, S3_ENDPOINT and S3_REGION say how to reach the store).`,
  restore: `Usage: frank restore FILE
       frank restore s3://bucket/prefix/NAME
       frank restore --from-replica [--at TIME]

Replaces the database at DATABASE_PATH with a backup, from a file or from the S3 store.
Stop the server first: restore refuses while the database is in use. The backup is checked
(an SQLite file with Frank's tables, not newer than this version), and the current database
is kept as a safety copy in <data folder>/backups/. E-mails, calendar writes and webhooks
that were waiting in the backup are held (the old server may have sent them after the
snapshot); restore prints how many, and frank jobs release sends them.

--from-replica brings the database back from the standby copy that frank serve ships to
REPLICA_URL: its latest state, or with --at its state at TIME (such as 2025-03-14T09:30:00Z,
UTC without a zone; within the replica's 24 hours).`,
  jobs: `Usage: frank jobs
       frank jobs release

Without a subcommand, shows the outgoing work (e-mails, calendar writes, webhooks) held by a
restore. release makes it due: a running server sends it at once.`,
  user: `Usage: frank user create --email E --password P [--name N] [--workspace ID --role R]
       frank user list [--json]
       frank user reset-password --email E [--password P]
       frank user delete --email E

create           creates an account and its own workspace (it owns it); with --workspace ID the
                 account joins that workspace with --role owner, admin or recruiter (default recruiter)
list             lists the accounts: id, e-mail, name, workspace, created
reset-password   sets a new password and ends the account's sessions; without --password
                 a random one is made and printed (no e-mail needed)
delete           deletes the account; when it was the last one of its workspace, the workspace
                 and all its data go too`,
  workspace: `Usage: frank workspace list [--json]

list             lists the workspaces: id, name, owner's e-mail, members, created`,
  healthcheck: `Usage: frank healthcheck

Asks the server on this machine (127.0.0.1:PORT) for /healthz. Exits 0 when it answers
200, 1 otherwise. Meant for container health checks (the Dockerfile's HEALTHCHECK).`,
  help: `Usage: frank help [COMMAND]

Shows the list of commands, or the help of one command.`,
  version: `Usage: frank version   (or frank --version, frank -v)

Shows the version (package.json) and the git commit the binary was built from.`,
};
