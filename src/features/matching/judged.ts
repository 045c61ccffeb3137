// The rules' judgment of candidates against a job's criteria, with the model's checked judgment in
// its place where one was made from the same input (the same criteria and the same texts).
import type { Deps } from "../../deps";
import { matchFields, type MatchFields } from "../candidates/service-match";
import { cvTextsOf } from "../candidate-files/service";
import { inputHash } from "../suggestions/service";
import { judgeAll, scoreOf, sourcesOf, type Source } from "./evidence";
import type { Criterion, CriterionVerdict } from "./model";
import * as repo from "./repo";

export interface Judged {
  fields: MatchFields;
  sources: Source[];
  hash: string;
  verdicts: CriterionVerdict[];
  score: number;
  madeBy: string;
}

/** The rules' judgment of these candidates, with the model's in its place where it is current. */
export function judgeCandidates(deps: Deps, workspaceId: number, jobId: number, criteria: Criterion[], ids: number[], useModel: boolean): Judged[] {
  const texts = cvTextsOf(deps, workspaceId, ids);
  const judged = matchFields(deps, workspaceId, ids).map((f): Judged => {
    const sources = sourcesOf({ ...f, cv: texts.get(f.id) ?? null });
    const { verdicts, score } = judgeAll(criteria, sources);
    return { fields: f, sources, hash: inputHash({ criteria, sources }), verdicts, score, madeBy: "rules" };
  });
  if (!useModel) return judged;
  const byId = new Map(judged.map((j) => [j.fields.id, j]));
  for (const row of repo.judgmentsOf(deps.db, workspaceId, jobId, ids)) {
    const j = byId.get(row.participantId);
    if (!j || row.inputHash !== j.hash) continue;
    j.verdicts = JSON.parse(row.verdicts) as CriterionVerdict[];
    j.score = scoreOf(criteria, j.verdicts);
    j.madeBy = row.model;
  }
  return judged;
}
