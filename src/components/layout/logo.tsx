import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";
import { SITE_NAME, SITE_NAME_EN } from "@/config/site";
import { cn } from "@/lib/cn";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn("size-8 shrink-0", className)}>
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#logo-gradient)" />
      <path d="M18 20l14 26 14-26" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link to={paths.home()} className={cn("flex shrink-0 items-center gap-2.5 rounded-lg", className)}>
      <LogoMark />
      <span className="flex flex-col leading-none">
        <span className="text-[0.9375rem] font-bold tracking-wide text-zinc-900">{SITE_NAME}</span>
        <span className="mt-0.5 text-[0.625rem] font-semibold tracking-[0.14em] text-zinc-500 uppercase">{SITE_NAME_EN}</span>
      </span>
    </Link>
  );
}
