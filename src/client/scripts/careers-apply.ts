// Optional enhancement of the careers site's apply form (it works without it): a CV can be
// dropped anywhere on the form, its name is said aloud, and Send reads "Sending…" while the form
// is sent. Plain DOM, no framework.
const form = document.querySelector<HTMLFormElement>("form[data-apply-form]");
const input = form?.querySelector<HTMLInputElement>('input[type="file"][name="cv"]');
const zone = input?.closest<HTMLElement>("[data-cv-drop]");
if (form && input && zone) {
  const status = document.createElement("p");
  status.setAttribute("role", "status");
  status.className = "text-xs text-slate-600";
  status.textContent = "You can also drop your CV on this form.";
  zone.append(status);
  const say = () => {
    const f = input.files?.[0];
    status.textContent = f ? `Attached: ${f.name} (${Math.max(1, Math.round(f.size / 1024))} KB)` : "You can also drop your CV on this form.";
  };
  let depth = 0;
  const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes("Files");
  form.addEventListener("dragenter", (e) => {
    if (!hasFiles(e)) return;
    depth++;
    zone.dataset.dragging = "";
  });
  form.addEventListener("dragleave", () => {
    if (--depth <= 0) delete zone.dataset.dragging;
  });
  form.addEventListener("dragover", (e) => {
    if (hasFiles(e)) e.preventDefault();
  });
  form.addEventListener("drop", (e) => {
    depth = 0;
    delete zone.dataset.dragging;
    if (!hasFiles(e) || !e.dataTransfer?.files.length) return;
    e.preventDefault();
    const dt = new DataTransfer();
    dt.items.add(e.dataTransfer.files[0]!);
    input.files = dt.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  input.addEventListener("change", say);
  const send = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.addEventListener("submit", () => {
    if (!send) return;
    // Disabled after this tick so the browser still sends the form.
    setTimeout(() => {
      send.disabled = true;
      send.textContent = "Sending…";
    });
  });
}
export {};
