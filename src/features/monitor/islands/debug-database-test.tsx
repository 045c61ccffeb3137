import { useState } from "react";
import { api, ApiError } from "../../../client/api";
import { toast } from "../../../client/toast";
import type { CandidateListAnswer } from "../../../client/answers";

export interface TestCandidate {
  id: number;
  firstName: string;
  lastName: string;
  position: string;
  email: string;
}

export interface DatabaseTestProps {
  candidates: TestCandidate[];
  total: number;
}

/**
 * /database-test: Add Test Candidates, Refresh Candidates, Test ChatGPT Integration and the
 * candidate list with its total. The buttons are forms, so the page also works without JavaScript.
 */
export default function DatabaseTest(props: DatabaseTestProps) {
  const [list, setList] = useState(props);
  const [seeding, setSeeding] = useState(false);
  const [loading, setLoading] = useState(false);

  async function load() {
    setLoading(true);
    try {
      setList(await api<CandidateListAnswer>("/api/candidates"));
    } catch {
      toast({ title: "Error", description: "Failed to load candidates", variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }

  async function seed() {
    setSeeding(true);
    try {
      await api("/api/candidates/seed", { method: "POST" });
      toast({ title: "Success", description: "Test candidates added to database", variant: "success" });
      await load();
    } catch (e) {
      toast({ title: "Error", description: e instanceof ApiError ? `HTTP ${e.status}` : "Failed to add test candidates", variant: "destructive" });
    } finally {
      setSeeding(false);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <form method="post" action="/database-test/seed" onSubmit={(e) => (e.preventDefault(), seed())}>
          <button type="submit" className="btn-primary" disabled={seeding}>
            {seeding ? "Adding..." : "Add Test Candidates"}
          </button>
        </form>
        <form method="get" action="/database-test" onSubmit={(e) => (e.preventDefault(), load())}>
          <button type="submit" className="btn-outline" disabled={loading}>
            {loading ? "Refreshing..." : "Refresh Candidates"}
          </button>
        </form>
        <a className="btn-outline" href="/dashboardX">
          Test ChatGPT Integration
        </a>
      </div>

      <section className="card" data-testid="candidate-list">
        <div className="card-header flex items-baseline justify-between">
          <h2 className="card-title">Candidates</h2>
          <span className="text-sm text-slate-500" data-testid="candidate-total">{`Total: ${list.total}`}</span>
        </div>
        {list.candidates.length === 0 ? (
          <p className="card-body text-sm text-slate-500">No candidates found</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
                <tr>
                  <th className="px-4 py-2">First name</th>
                  <th className="px-4 py-2">Last name</th>
                  <th className="px-4 py-2">Position</th>
                  <th className="px-4 py-2">Email</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.candidates.map((c) => (
                  <tr key={c.id}>
                    <td className="px-4 py-2 font-medium">{c.firstName}</td>
                    <td className="px-4 py-2">{c.lastName}</td>
                    <td className="px-4 py-2">{c.position}</td>
                    <td className="px-4 py-2">{c.email}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
