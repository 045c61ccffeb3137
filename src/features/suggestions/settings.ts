// Settings → Assistant (issue 57 item 4): a switch per automated feature and how long suggestions
// are kept; owners and admins change them, and each change is in the activity log.
import type { Deps } from "../../deps";
import { requirePermission } from "../auth/permissions";
import { recordEvent, type Actor } from "../events/record";
import * as repo from "./repo";
import { ASSISTANT_FEATURES, FEATURE_LABELS, type AssistantFeature, type AssistantSettings, type AssistantSettingsChange } from "./model";

const modelOn = (deps: Deps) => !!(deps.config.OPENAI_API_KEY || deps.config.OPENAI_BASE_URL);

export function assistantSettings(deps: Deps, workspaceId: number): AssistantSettings {
  const r = repo.findSettings(deps.db, workspaceId);
  return {
    matching: r?.matching ?? true,
    cvFields: r?.cvFields ?? true,
    assistantActions: r?.assistantActions ?? true,
    screeningSummaries: r?.screeningSummaries ?? true,
    retentionMonths: r?.retentionMonths ?? 6,
    modelConfigured: modelOn(deps),
  };
}

/** Whether the workspace has this automated feature on. */
export const featureOn = (deps: Deps, workspaceId: number, feature: AssistantFeature): boolean => assistantSettings(deps, workspaceId)[feature];

/** Whether a language model reads what candidates send this workspace (the candidates' notice says so). */
export const modelReadsApplications = (deps: Deps, workspaceId: number): boolean => {
  const s = assistantSettings(deps, workspaceId);
  return s.modelConfigured && (s.matching || s.cvFields || s.screeningSummaries);
};

export function saveAssistantSettings(deps: Deps, me: { id: number; role: string; workspaceId: number }, change: AssistantSettingsChange, actor: Actor): AssistantSettings {
  requirePermission(me, "settings.update");
  const before = assistantSettings(deps, me.workspaceId);
  const after = { ...before, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) } as AssistantSettings;
  const changed = [
    ...ASSISTANT_FEATURES.filter((f) => before[f] !== after[f]).map((f) => `${FEATURE_LABELS[f]} ${after[f] ? "on" : "off"}`),
    ...(before.retentionMonths !== after.retentionMonths ? [`suggestions kept ${after.retentionMonths} months`] : []),
  ];
  deps.db.transaction((tx) => {
    repo.saveSettings(tx, me.workspaceId, {
      matching: after.matching,
      cvFields: after.cvFields,
      assistantActions: after.assistantActions,
      screeningSummaries: after.screeningSummaries,
      retentionMonths: after.retentionMonths,
      updatedAt: deps.clock.now(),
    });
    if (changed.length)
      recordEvent(deps, tx, {
        workspaceId: me.workspaceId,
        actor,
        subject: { type: "workspace", id: me.workspaceId },
        kind: "assistant.settings_changed",
        summary: `Assistant: ${changed.join(", ")}`,
        data: { changed: Object.fromEntries(ASSISTANT_FEATURES.filter((f) => before[f] !== after[f]).map((f) => [f, after[f]])), retentionMonths: after.retentionMonths },
      });
  });
  return assistantSettings(deps, me.workspaceId);
}
