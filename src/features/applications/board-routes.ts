import { Elysia } from "elysia";
import type { ReactNode } from "react";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { memberActor } from "../events/record";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";

import { requirePermission } from "../auth/permissions";
import { BoardParams, BoardQuery, JobClientForm, MoveForm, MoveParams } from "./model";
import { updateJob } from "../jobs/service";
import { clientNames } from "../jobs/client-names";
import { loadBoard, type FeedbackSummaries } from "./board";
import { funnelOf } from "./funnel";
import { FunnelChart } from "./pages/funnel-chart";
import { moveWithEmail } from "./move";
import { isSuccessStage } from "./placed";
import { successStage } from "./stages";
import { BoardPage } from "./pages/board-page";

/** What other parts add to the board: feedback summaries (item 6), stage templates (item 5). */
export interface BoardExtras {
  feedback?: FeedbackSummaries;
  templates?: (workspaceId: number) => { stageId: number; id: number; name: string }[];
  /** The placement's form, the application's id to be appended: where a card moved to the closing success stage goes next (else the board). */
  placedForm?: string;
  /** The suggested candidates (matching, issue 57), below the board. */
  suggested?: (me: { id: number; role: string; workspaceId: number }, jobId: number) => ReactNode;
}

/** /jobs/{id}: the job's board, and the move form each card posts without JavaScript. */
export function boardRoutes(deps: Deps, web: Web, extras: BoardExtras = {}) {
  // With script too, a card dropped on the closing success stage opens the placement's form.
  const placedOf = (stages: { id: number; name: string; kind: string }[]) => {
    const success = extras.placedForm ? successStage(stages as Parameters<typeof successStage>[0]) : undefined;
    return success && extras.placedForm ? { stageId: success.id, form: extras.placedForm } : undefined;
  };
  return new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get(
      "/jobs/:id",
      ({ me, workspaceId, params, query, cookie }) => {
        const data = loadBoard(deps, workspaceId, params.id, { column: query.column, feedback: extras.feedback });
        return renderPage({
          title: data.job.title,
          toast: takeFlash(cookie),
          body: BoardPage({
            shell: web.shell(me.user),
            data,
            funnel: FunnelChart({ funnel: funnelOf(deps, workspaceId, [data.job.id]), title: "This job's funnel" }),
            templates: extras.templates?.(workspaceId) ?? [],
            clients: [...clientNames(deps, workspaceId)].map(([id, name]) => ({ id, name })),
            suggested: extras.suggested?.(me.user, data.job.id),
            placed: placedOf(data.stages),
          }),
        });
      },
      { params: BoardParams, query: BoardQuery },
    )
    .post(
      "/jobs/:id/client",
      ({ me, workspaceId, params, body, cookie }) => {
        requirePermission(me.user, "jobs.write");
        updateJob(deps, workspaceId, params.id, { clientId: body.clientId }, memberActor(me));
        setFlash(cookie, { title: "Client saved", variant: "success" });
        return seeOther(`/jobs/${params.id}`);
      },
      { params: BoardParams, body: JobClientForm, form: { back: (i: { params: Record<string, string> }) => `/jobs/${Number(i.params.id) || ""}`, failed: "Client not saved" } },
    )
    .post(
      "/jobs/:id/applications/:applicationId/move",
      ({ me, params, body, cookie }) => {
        requirePermission(me.user, "applications.write");
        const moved = moveWithEmail(deps, me.user, params.applicationId, { stage: body.stage, rejectedReason: body.rejectedReason, sendEmail: body.sendEmail }, params.id);
        setFlash(cookie, { title: moved.changed ? `Moved to ${moved.to.name}` : "Nothing changed", description: moved.emailed ? `E-mail ‘${moved.emailed}’ queued.` : undefined, variant: "success" });
        if (moved.changed && extras.placedForm && isSuccessStage(deps, me.user.workspaceId, moved.to.id)) return seeOther(`${extras.placedForm}${params.applicationId}`);
        return seeOther(`/jobs/${params.id}`);
      },
      { params: MoveParams, body: MoveForm, form: { back: (i: { params: Record<string, string> }) => `/jobs/${Number(i.params.id) || ""}`, failed: "Not moved" } },
    );
}
