// Optional enhancement of the booking pages (they work without it): clicking the chosen
// slot again unselects it, Confirm Interview stays disabled until a slot is chosen, and
// reads "Booking..." while the form is sent. Plain DOM, no framework: well under 2 KB.
// The browser's own zone, when the page was not asked for one (?tz=): show the times in it.
const shown = document.querySelector<HTMLInputElement>('input[name="timeZone"]')?.value;
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const url = new URL(location.href);
if (shown && browserZone && browserZone !== shown && !url.searchParams.has("tz")) {
  url.searchParams.set("tz", browserZone);
  location.replace(url);
}
const first = document.querySelector<HTMLInputElement>('input[name="slotId"]');
const form = first?.form;
if (form) {
  const confirm = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[name="slotId"]')];
  const sync = () => {
    if (confirm) confirm.disabled = !radios.some((r) => r.checked);
  };
  let wasChecked: HTMLInputElement | null = null;
  for (const r of radios) {
    const label = r.closest("label");
    label?.addEventListener("pointerdown", () => (wasChecked = r.checked ? r : null));
    label?.addEventListener("click", (e) => {
      if (wasChecked === r) {
        e.preventDefault();
        r.checked = false;
        wasChecked = null;
        sync();
      }
    });
    r.addEventListener("change", sync);
  }
  form.addEventListener("reset", () => setTimeout(sync));
  form.addEventListener("submit", (e) => {
    if (!radios.some((r) => r.checked)) return e.preventDefault();
    if (confirm) {
      // Disabled after this tick so the browser still sends the form.
      setTimeout(() => {
        confirm.disabled = true;
        confirm.textContent = "Booking...";
      });
    }
  });
  sync();
}
