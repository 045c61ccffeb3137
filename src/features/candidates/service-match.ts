// What matching (issue 57) asks of the candidates: see repo-match.ts.
import type { Deps } from "../../deps";
import { idsWithAnyTerm, matchFieldsOf, type MatchFields } from "./repo-match";

export type { MatchFields } from "./repo-match";

export const candidatesWithAnyTerm = (deps: Deps, workspaceId: number, terms: string[]): number[] => idsWithAnyTerm(deps.db, workspaceId, terms);
export const matchFields = (deps: Deps, workspaceId: number, ids: number[]): MatchFields[] => matchFieldsOf(deps.db, workspaceId, ids);
