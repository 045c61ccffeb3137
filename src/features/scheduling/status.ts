/** Labels and badge classes of sessions and interviews (part2 §4). Pure: shared by pages and islands. */

export function sessionBadge(status: string): { label: string; className: string } {
  if (status === "pending") return { label: "pending", className: "badge-default" };
  if (status === "scheduled") return { label: "scheduled", className: "badge-orange" };
  return { label: status, className: "badge-secondary" };
}

export function interviewBadge(status: string): { label: string; className: string } {
  switch (status) {
    case "scheduled":
      return { label: "Confirmed", className: "badge-success" };
    case "completed":
      return { label: "Completed", className: "badge-success" };
    case "canceled":
      return { label: "Canceled", className: "badge-destructive" };
    case "pending":
      return { label: "Pending", className: "badge-warning" };
    default:
      return { label: status.charAt(0).toUpperCase() + status.slice(1), className: "badge-secondary" };
  }
}
