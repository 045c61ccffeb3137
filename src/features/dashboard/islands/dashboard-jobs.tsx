import { useState } from "react";
import { api } from "../../../client/api";
import { toast } from "../../../client/toast";
import { selectJob, useSelectedJob } from "../components/island-events";
import { useHydrated } from "../components/use-hydrated";
import type { JobAnswer } from "../../../client/answers";

export interface DashboardJob {
  id: number;
  title: string;
  location: string | null;
}

export const DELETE_JOB_CONFIRM = "Are you sure you want to delete this job? Its campaign links will be deleted too.";

/**
 * Job Positions card: list (click to select and filter), create (title required), delete after confirming.
 * It lists the newest jobs (`total` counts them all); the older ones are on the Jobs page.
 */
export default function DashboardJobs({ jobs: initial, total = initial.length }: { jobs: DashboardJob[]; total?: number }) {
  const [jobs, setJobs] = useState(initial);
  const older = Math.max(0, total - initial.length);
  const [title, setTitle] = useState("");
  const [location, setLocation] = useState("");
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const selected = useSelectedJob();
  const hydrated = useHydrated();

  async function create(e: { preventDefault(): void }) {
    e.preventDefault();
    if (!title.trim()) return;
    setBusy(true);
    try {
      const { job } = await api<JobAnswer>("/api/jobs", { body: { title, location, description } });
      setJobs([job, ...jobs]);
      setTitle("");
      setLocation("");
      setDescription("");
      toast({ title: "Job Created", description: `${job.title} was created.`, variant: "success" });
    } catch {
      toast({ title: "Error", description: "Failed to create job", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  async function remove(e: { preventDefault(): void }, job: DashboardJob) {
    e.preventDefault();
    if (!window.confirm(DELETE_JOB_CONFIRM)) return;
    try {
      await api(`/api/jobs/${job.id}`, { method: "DELETE" });
      setJobs((js) => js.filter((j) => j.id !== job.id));
      if (selected?.id === job.id) selectJob(null);
      toast({ title: "Job Deleted", description: `${job.title} and its campaign links were deleted.`, variant: "success" });
    } catch {
      toast({ title: "Error", description: "Failed to delete job", variant: "destructive" });
    }
  }

  return (
    <section className="card h-full" aria-labelledby="jobs-title">
      <div className="card-header">
        <h2 id="jobs-title" className="card-title">
          Job Positions
        </h2>
        <p className="text-sm text-slate-500">Select a job to see its campaign links and matching candidates.</p>
      </div>
      <div className="card-body space-y-4">
        <form method="post" action="/dashboard/jobs" onSubmit={create} className="space-y-2">
          <label className="label" htmlFor="job-title">
            Job title
          </label>
          <input id="job-title" name="title" className="input" placeholder="e.g. Frontend Developer" value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} maxLength={200} />
          <div className="grid grid-cols-2 gap-2">
            <input
              aria-label="Job location"
              name="location"
              className="input"
              placeholder="Location"
              value={location}
              onInput={(e) => setLocation((e.target as HTMLInputElement).value)}
              maxLength={200}
            />
            <input
              aria-label="Job description"
              name="description"
              className="input"
              placeholder="Description"
              value={description}
              onInput={(e) => setDescription((e.target as HTMLInputElement).value)}
            />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={hydrated && (!title.trim() || busy)}>
            {busy ? "Creating..." : "Create Job"}
          </button>
        </form>
        {jobs.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-500">No jobs created yet</p>
        ) : (
          <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto" aria-label="Jobs">
            {jobs.map((job) => {
              const active = selected?.id === job.id;
              return (
                <li key={job.id} className={`flex items-center gap-2 rounded-md px-2 py-2 ${active ? "bg-brand-50" : ""}`}>
                  <button type="button" className="min-w-0 flex-1 text-left" aria-pressed={active} onClick={() => selectJob(active ? null : { id: job.id, title: job.title, location: job.location })}>
                    <span className="block truncate text-sm font-medium">{job.title}</span>
                    <span className="block truncate text-xs text-slate-500">{job.location || "Any location"}</span>
                  </button>
                  <form method="post" action={`/dashboard/jobs/${job.id}/delete`} onSubmit={(e) => remove(e, job)}>
                    <button type="submit" className="btn-ghost btn-sm text-red-600" aria-label={`Delete ${job.title}`}>
                      Delete
                    </button>
                  </form>
                </li>
              );
            })}
          </ul>
        )}
        {older > 0 ? (
          <p className="text-xs text-slate-500">
            {`${older.toLocaleString("en-US")} older ${older === 1 ? "job is" : "jobs are"} on the `}
            <a href="/jobs" className="underline">
              Jobs page
            </a>
            .
          </p>
        ) : null}
      </div>
    </section>
  );
}
