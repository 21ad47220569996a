import { Crown } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";
import { GOLD_ZERO_CODE_MASTER } from "./achievements";

type ProfileAvatarProps = { name: string; src: string | null; seed: string; gold: boolean };

/**
 * The profile's large avatar; at 5 zero-code works it wears the gold mark (docs/product.md
 * "Profile").
 */
export function ProfileAvatar({ name, src, seed, gold }: ProfileAvatarProps) {
  return (
    <span className="relative inline-flex shrink-0 self-start">
      <Avatar name={name} src={src} seed={seed} size="xl" className={cn("ring-4 ring-white", gold && "ring-amber-400")} decorative />
      {gold && (
        <span
          role="img"
          aria-label={`${GOLD_ZERO_CODE_MASTER}：ゼロコード作品5つ以上`}
          title={GOLD_ZERO_CODE_MASTER}
          className="absolute -right-1 -bottom-1 inline-flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-amber-300 to-amber-500 text-white shadow-md ring-2 ring-white"
        >
          <Crown aria-hidden className="size-4.5" />
        </span>
      )}
    </span>
  );
}
