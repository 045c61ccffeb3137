// What matching (issue 57) asks of the candidates: see repo-match.ts.
import type { Deps } from "../../deps";
import { idsInWorkspace, idsWithTerms, matchFieldsOf, type MatchFields } from "./repo-match";

export type { MatchFields } from "./repo-match";

export const matchFields = (deps: Deps, workspaceId: number, ids: number[]): MatchFields[] => matchFieldsOf(deps.db, workspaceId, ids);
export const candidatesWithTerms = (deps: Deps, workspaceId: number, termLists: string[][]) => idsWithTerms(deps.db, workspaceId, termLists);
export const candidatesInWorkspace = (deps: Deps, workspaceId: number, ids: number[]): Set<number> => idsInWorkspace(deps.db, workspaceId, ids);
