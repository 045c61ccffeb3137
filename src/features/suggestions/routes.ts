import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { memberActor } from "../events/record";
import { IdParam } from "../../lib/route-schemas";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { AssistantSettingsForm, AssistantSettingsInput, AssistantSettingsView, SuggestionList } from "./model";
import { suggestionsOfCandidate } from "./service";
import { assistantSettings, saveAssistantSettings } from "./settings";
import { AssistantSettingsPage } from "./pages/assistant-settings-page";
import { AboutAssistantPage } from "./pages/about-assistant-page";

import { ABOUT_PATH as ABOUT_ASSISTANT_PATH } from "./notice";

/** Suggestions on record (issue 57 item 3), Settings → Assistant (item 4) and the page candidates are sent to (item 5). */
export function suggestionRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ tags: ["Suggestions"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/api/participants/:id/suggestions", ({ params, workspaceId }) => ({ suggestions: suggestionsOfCandidate(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: SuggestionList },
      detail: { summary: "Every suggestion automated tools made about a candidate, and what was decided" },
    })
    .get("/api/assistant/settings", ({ workspaceId }) => assistantSettings(deps, workspaceId), {
      response: { 200: AssistantSettingsView },
      detail: { summary: "The assistant's switches per feature" },
    })
    .put("/api/assistant/settings", ({ body, me }) => saveAssistantSettings(deps, me.user, body, memberActor(me)), {
      body: AssistantSettingsInput,
      response: { 200: AssistantSettingsView },
      detail: { summary: "Switch the assistant's features on or off (owners and admins)" },
    })
    .get("/settings/assistant", ({ me, workspaceId, cookie }) =>
      renderPage({ title: "Assistant settings", toast: takeFlash(cookie), body: AssistantSettingsPage({ shell: web.shell(me.user), settings: assistantSettings(deps, workspaceId) }) }),
    )
    .post(
      "/settings/assistant",
      ({ body, me, cookie }) => {
        saveAssistantSettings(deps, me.user, body, memberActor(me));
        setFlash(cookie, { title: "Assistant settings saved", variant: "success" });
        return seeOther("/settings/assistant");
      },
      { body: AssistantSettingsForm, form: { back: "/settings/assistant", failed: "Not saved" } },
    );
  const about = new Elysia().get(ABOUT_ASSISTANT_PATH, () => renderPage({ title: "About the automated assistant", body: AboutAssistantPage() }));
  return new Elysia().use(api).use(about);
}
