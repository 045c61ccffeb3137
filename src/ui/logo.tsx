export function Logo({ href = "/", size = "md" }: { href?: string; size?: "md" | "lg" }) {
  return (
    <a href={href} className="inline-flex items-center gap-2 font-semibold text-slate-900" aria-label="Frank home">
      <span className={`grid place-items-center rounded-lg bg-brand-600 font-bold text-white ${size === "lg" ? "h-10 w-10 text-lg" : "h-8 w-8 text-sm"}`}>F</span>
      <span className={size === "lg" ? "text-2xl" : "text-lg"}>Frank</span>
    </a>
  );
}
