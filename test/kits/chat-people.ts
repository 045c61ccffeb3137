// Seed candidates for the chat tests (not imported by the app).
import type { Deps } from "../../src/deps";
import { addParticipants, latestParticipants } from "../../src/features/candidates/service";

export const PEOPLE = [
  { name: "Sarah Chen", roleApplied: "UX Designer", city: "Sydney", stages: 3, prequalifier: "I have used Figma and React for five years." },
  { name: "Tom Baker", roleApplied: "Product Owner", city: "Melbourne", stages: 5, prequalifier: "Scrum master certified, led three product teams." },
  { name: "Priya Patel", roleApplied: "Designer", city: "Sydney", stages: 2, prequalifier: "Brand designer, loves typography." },
  { name: "Liam Nguyen", roleApplied: "Developer", city: "Brisbane", stages: 1, prequalifier: "Backend developer working with Go and Postgres." },
  { name: "Olivia Brown", roleApplied: "Manager", city: "Perth", stages: 4, prequalifier: "Managed a team of 12 engineers; some React." },
];

export function seedPeople(deps: Deps, workspaceId: number) {
  addParticipants(
    deps,
    workspaceId,
    PEOPLE.map((p, i) => ({ ...p, emailAddress: `${p.name.split(" ")[0]!.toLowerCase()}${i}@example.com`, isTest: true })),
  );
  return latestParticipants(deps, workspaceId, 500);
}

/** Every "Name (#id)" in a text names a real candidate of the workspace. */
export function namedCandidates(text: string): { name: string; id: number }[] {
  return [...text.matchAll(/([A-Z][\w'-]+(?: [A-Z][\w'-]+)*) \(#(\d+)\)/g)].map((m) => ({ name: m[1]!, id: Number(m[2]) }));
}
