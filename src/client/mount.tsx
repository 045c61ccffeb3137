import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

/** Hydrates every server-rendered element of one island with the props it carries. */
export function mountIsland(name: string, Component: ComponentType<any>) {
  const run = () => {
    for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
      if (el.dataset.hydrated) continue;
      const props = JSON.parse(el.dataset.props ?? "{}");
      hydrateRoot(el, <Component {...props} />);
      el.dataset.hydrated = "true";
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
}
