/**
 * Filter forms that apply a changed choice at once (issue 41: on /candidates a changed role or
 * location filter waited for Search). A form marked `data-auto-apply` is submitted when one of
 * its <select>s changes; without JavaScript the Search button does the same. Text fields are
 * left to Enter, so typing is never interrupted by a page load.
 */
export function installAutoApply(doc: Document = document): () => void {
  const onChange = (e: Event) => {
    const el = e.target as HTMLSelectElement | null;
    if (!el || el.tagName !== "SELECT") return;
    const form = el.form;
    if (!form || !form.hasAttribute("data-auto-apply")) return;
    form.requestSubmit();
  };
  doc.addEventListener("change", onChange);
  return () => doc.removeEventListener("change", onChange);
}
