import type { ReactNode } from 'react';

/** The coloured band at the top of content pages: the page's one <h1> and an optional subtitle. */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <header className="bg-gradient-to-br from-[#3b0764] via-[#4c1d95] to-[#1e3a8a] text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="max-w-4xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {subtitle ? <p className="mt-4 max-w-3xl text-lg text-pretty text-white/90">{subtitle}</p> : null}
        {children}
      </div>
    </header>
  );
}
