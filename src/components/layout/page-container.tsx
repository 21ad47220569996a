import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const widths = { default: "max-w-6xl", narrow: "max-w-3xl" } as const;

type PageContainerProps = {
  /** narrow: reading pages (help, forms). */
  width?: keyof typeof widths;
  className?: string;
  children: ReactNode;
};

/** The page column shared by every screen, so edges line up with the header. */
export function PageContainer({ width = "default", className, children }: PageContainerProps) {
  return <div className={cn("mx-auto w-full px-4 py-10 sm:px-6 sm:py-14", widths[width], className)}>{children}</div>;
}
