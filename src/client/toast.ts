// The toast system shared by every island: at most one visible, 5000 ms by default,
// variants default | destructive | success | warning, F8 focuses the region,
// a swipe of 50 px dismisses. Plain DOM, so it costs islands almost nothing.
export type ToastVariant = "default" | "destructive" | "success" | "warning";
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  /** A button in the toast, e.g. Retry after a failed action. */
  action?: { label: string; onClick: () => void };
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
export const SWIPE_THRESHOLD = 50;

let timer: ReturnType<typeof setTimeout> | undefined;

function region(): HTMLElement {
  let el = document.getElementById("toaster");
  if (!el) {
    el = document.createElement("div");
    el.id = "toaster";
    el.className = "toaster";
    el.setAttribute("role", "region");
    el.setAttribute("aria-label", "Notifications (F8)");
    document.body.appendChild(el);
  }
  return el;
}

export function dismissToast() {
  clearTimeout(timer);
  region().replaceChildren();
}

export function toast(input: ToastInput) {
  const r = region();
  clearTimeout(timer);
  const el = document.createElement("div");
  el.className = "toast";
  el.setAttribute("role", "status");
  el.setAttribute("aria-live", "polite");
  el.dataset.variant = input.variant ?? "default";
  const title = document.createElement("div");
  title.className = "toast-title";
  title.textContent = input.title;
  el.appendChild(title);
  if (input.description) {
    const d = document.createElement("div");
    d.className = "toast-description";
    d.textContent = input.description;
    el.appendChild(d);
  }
  if (input.action) {
    const { label, onClick } = input.action;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "toast-action";
    b.textContent = label;
    b.onclick = () => (dismissToast(), onClick());
    el.appendChild(b);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast-close";
  close.setAttribute("aria-label", "Close");
  close.textContent = "×";
  close.onclick = dismissToast;
  el.appendChild(close);
  let startX: number | null = null;
  el.addEventListener("pointerdown", (e) => (startX = e.clientX));
  el.addEventListener("pointerup", (e) => {
    if (startX !== null && Math.abs(e.clientX - startX) >= SWIPE_THRESHOLD) dismissToast();
    startX = null;
  });
  // One visible at a time: a new toast replaces the old one.
  r.replaceChildren(el);
  timer = setTimeout(dismissToast, input.duration ?? TOAST_DURATION);
}

if (typeof document !== "undefined") {
  document.addEventListener("keydown", (e) => {
    if (e.key === "F8") region().focus();
  });
}
