import type { Section, SectionId } from "./sections";

/**
 * The application's navigation: plain links (they work without JavaScript), the current
 * section marked with aria-current="page". On a wide screen a column on the left; on a phone
 * a <details> menu at the right of the top bar, which opens and closes without JavaScript.
 */
function NavLinks({ sections, current }: { sections: Section[]; current: SectionId | null }) {
  return (
    <ul className="flex flex-col gap-1">
      {sections.map((s) => {
        const active = s.id === current;
        return (
          <li key={s.id}>
            <a
              href={s.href}
              aria-current={active ? "page" : undefined}
              className={`flex items-center rounded-md px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${
                active
                  ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white"
                  : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              }`}
            >
              {s.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function SideNav({ sections, current }: { sections: Section[]; current: SectionId | null }) {
  return (
    <nav aria-label="Main" className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-52 shrink-0 overflow-y-auto border-r border-slate-200 px-3 py-4 lg:block dark:border-slate-800">
      <NavLinks sections={sections} current={current} />
    </nav>
  );
}

export function MobileNav({ sections, current }: { sections: Section[]; current: SectionId | null }) {
  const label = sections.find((s) => s.id === current)?.label ?? "Menu";
  return (
    <details className="group relative lg:hidden" data-mobile-nav>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-slate-600 dark:text-slate-100 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true">☰</span>
        <span>
          <span className="sr-only">Menu, current section: </span>
          {label}
        </span>
      </summary>
      <nav aria-label="Main" className="absolute right-0 top-full z-50 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <NavLinks sections={sections} current={current} />
      </nav>
    </details>
  );
}
