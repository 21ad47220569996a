import { useState } from "react";
import { avatarColor, getInitials } from "@/lib/avatar-fallback";
import { cn } from "@/lib/cn";

export type AvatarSize = "xs" | "sm" | "md" | "lg" | "xl";

const sizes: Record<AvatarSize, string> = {
  xs: "size-6 text-[0.625rem]",
  sm: "size-8 text-xs",
  md: "size-10 text-sm",
  lg: "size-14 text-lg",
  xl: "size-24 text-3xl",
};

type AvatarProps = {
  name: string;
  src?: string | null;
  /** Stable id (user id) for the fallback colour; defaults to the name. */
  seed?: string;
  size?: AvatarSize;
  /** Hide from screen readers when the name is already written next to the avatar. */
  decorative?: boolean;
  className?: string;
};

export function Avatar({ name, src, seed, size = "md", decorative = false, className }: AvatarProps) {
  // Remember which URL failed rather than a boolean, so a new src gets a fresh try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shape = cn("inline-flex shrink-0 select-none overflow-hidden rounded-full", sizes[size], className);
  const label = decorative ? undefined : name;

  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={label ?? ""}
        className={cn(shape, "bg-zinc-200 object-cover")}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailedSrc(src)}
      />
    );
  }

  const color = avatarColor(seed ?? name);
  return (
    <span
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn(shape, "items-center justify-center font-bold leading-none")}
      style={{ backgroundColor: color.background, color: color.foreground }}
      data-testid="avatar-fallback"
    >
      {/* Drawn by CSS rather than as text: the initials are decoration, so they stay out of the
          visible text of a link or button that holds the avatar (whose name is the person's). */}
      <span aria-hidden data-initials={getInitials(name)} className="before:content-[attr(data-initials)]" />
    </span>
  );
}
