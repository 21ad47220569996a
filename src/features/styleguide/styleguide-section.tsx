import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type StyleguideSectionProps = {
  id: string;
  title: string;
  description?: string;
  /** Grey backdrop, for samples that are white cards themselves. */
  muted?: boolean;
  children: ReactNode;
};

export function StyleguideSection({ id, title, description, muted = false, children }: StyleguideSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-zinc-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-zinc-600">{description}</p>}
      <div className={cn("mt-5 rounded-2xl border border-zinc-200 p-5 sm:p-6", muted ? "bg-zinc-50" : "bg-white")}>{children}</div>
    </section>
  );
}

/** Small caption above a group of examples inside a section. */
export function ExampleLabel({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 text-xs font-bold tracking-wider text-zinc-500">{children}</h3>;
}
