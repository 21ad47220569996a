import { lazy, Suspense, useState, type ComponentProps } from "react";
import { MoreHorizontal } from "lucide-react";
import type { Id } from "../../../convex/_generated/dataModel";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { isModeratorRole, type ModerationTarget } from "@/lib/moderation";
import { useViewer } from "@/lib/use-viewer";

export type ContentMenuProps = {
  target: ModerationTarget;
  /** The viewer's own content (or own profile): nothing to report. */
  isOwn?: boolean;
  /** On a profile: the user to offer ミュート / ブロック for. */
  muteUserId?: Id<"users">;
  size?: "sm" | "md";
  className?: string;
};

// The menu, its dialogs and Radix's menu code are most of a work page's script, and few visitors
// ever open the menu: they download when someone points at or focuses the button.
const loadDropdown = () => import("./content-menu-dropdown");
const ContentMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.ContentMenuDropdown })));
const preload = () => void loadDropdown().catch(() => {});

/** The "…" button, the same before and after the menu's code has arrived. */
export function ContentMenuButton({
  size = "md",
  className,
  ...props
}: Omit<ComponentProps<typeof Button>, "size"> & { size?: ContentMenuProps["size"] }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="その他の操作"
      aria-haspopup="menu"
      className={cn(size === "sm" ? "size-8 text-zinc-500" : "text-zinc-600", className)}
      {...props}
    >
      <MoreHorizontal aria-hidden />
    </Button>
  );
}

/**
 * The "…" menu on works, comments, challenges and profiles (通報する, ミュート / ブロック,
 * moderation). Until it is first opened it is only its button; the click loads the menu, which
 * opens at once.
 */
export function ContentMenu(props: ContentMenuProps) {
  const { status, viewer } = useViewer();
  const [opened, setOpened] = useState(false);
  const moderator = status === "signedIn" && isModeratorRole(viewer.role);
  if (props.isOwn && !moderator) return null;
  const button = (onClick?: () => void) => (
    <ContentMenuButton size={props.size} className={props.className} onPointerEnter={preload} onFocus={preload} onClick={onClick} />
  );
  if (!opened) return button(() => setOpened(true));
  return (
    <Suspense fallback={button()}>
      <ContentMenuDropdown {...props} />
    </Suspense>
  );
}
