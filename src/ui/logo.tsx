/** The logo, linking to href; null: no link (candidate pages of a workspace without its own site). */
export function Logo({ href = "/", size = "md" }: { href?: string | null; size?: "md" | "lg" }) {
  const Tag = href === null ? "span" : "a";
  return (
    // The link's name is its visible text ("Frank"); the letter badge is decoration.
    <Tag {...(href === null ? {} : { href, title: "Frank home" })} className="inline-flex items-center gap-2 font-semibold text-slate-900">
      <span aria-hidden="true" className={`grid place-items-center rounded-lg bg-brand-600 font-bold text-white ${size === "lg" ? "h-10 w-10 text-lg" : "h-8 w-8 text-sm"}`}>
        F
      </span>
      <span className={size === "lg" ? "text-2xl" : "text-lg"}>Frank</span>
    </Tag>
  );
}
