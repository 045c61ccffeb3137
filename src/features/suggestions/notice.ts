// The one plain sentence candidates read at the start of /prequalifier, /assessment and the apply
// form (issue 57 item 5), and the page it links to.
import type { Deps } from "../../deps";
import { modelReadsApplications } from "./settings";

export const ABOUT_PATH = "/about-the-assistant";

function assistantSentence(modelReads: boolean): string {
  return modelReads
    ? "The questions here are asked by an automated assistant, and a language model helps the recruiter read what you send."
    : "The questions here are asked by an automated assistant.";
}

export function assistantNotice(deps: Deps, workspaceId: number): { sentence: string; href: string } {
  return { sentence: assistantSentence(modelReadsApplications(deps, workspaceId)), href: ABOUT_PATH };
}
