/** Labels and badge classes of sessions and interviews (part2 §4). Pure: shared by pages and islands. */

/** The Active Sessions card's states: pending, booked, expired, cancelled (shown "Canceled", the spec's spelling). */
export function sessionStateBadge(state: string): { label: string; className: string } {
  if (state === "pending") return { label: "Pending", className: "badge-default" };
  if (state === "booked") return { label: "Booked", className: "badge-orange" };
  if (state === "expired") return { label: "Expired", className: "badge-secondary" };
  return { label: "Canceled", className: "badge-secondary" };
}

export function interviewBadge(status: string, noShowBy?: "candidate" | "interviewer" | null): { label: string; className: string } {
  if (status === "no_show" && noShowBy) return { label: noShowBy === "candidate" ? "Candidate did not attend" : "Interviewer did not attend", className: "badge-secondary" };
  switch (status) {
    case "scheduled":
      return { label: "Confirmed", className: "badge-success" };
    case "completed":
      return { label: "Completed", className: "badge-success" };
    case "canceled":
      return { label: "Canceled", className: "badge-destructive" };
    case "pending":
      return { label: "Pending", className: "badge-warning" };
    case "no_show":
      return { label: "No-show", className: "badge-secondary" };
    default:
      return { label: status.charAt(0).toUpperCase() + status.slice(1), className: "badge-secondary" };
  }
}
