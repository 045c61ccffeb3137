import type { PlacementStatus } from "../model";

const BADGES: Record<PlacementStatus, { label: string; className: string }> = {
  expected: { label: "Expected", className: "badge-default" },
  invoiced: { label: "Invoiced", className: "badge-warning" },
  paid: { label: "Paid", className: "badge-success" },
  fallen_through: { label: "Fell through", className: "badge-destructive" },
};

export const StatusBadge = ({ status }: { status: PlacementStatus }) => <span className={BADGES[status].className}>{BADGES[status].label}</span>;
