import { useRef, useState, type ReactNode, type RefObject } from "react";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useMutation, useQuery } from "convex/react";
import { Ban, EyeOff, Eye, Flag, ShieldCheck, Trash2, UserCheck, UserX, VolumeX, Volume2, XCircle } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/use-toast";
import { cn } from "@/lib/cn";
import { readServerError } from "@/lib/convex-error";
import { isModeratorRole, type ModerationActKind, type ModerationTarget, type TargetState } from "@/lib/moderation";
import { useViewer } from "@/lib/use-viewer";
import { ContentMenuButton, type ContentMenuProps } from "./content-menu";
import { focusOnClose } from "./focus";
import { ModerationActionDialog } from "./moderation-action-dialog";
import { ReportDialog } from "./report-dialog";

const itemClass =
  "flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-zinc-700 outline-none select-none " +
  "data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900 data-[disabled]:cursor-default data-[disabled]:opacity-50 " +
  "[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-zinc-500";
const dangerItemClass = cn(itemClass, "text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800 [&_svg]:text-red-500");

type OpenDialog = { kind: "report" } | { kind: "block" } | { kind: "act"; action: ModerationActKind } | null;

/**
 * The "…" menu itself (ContentMenu in content-menu.tsx loads it on first use, already open):
 * 通報する for everyone (visitors are asked to sign in), ミュート / ブロック on a profile, and
 * moderation actions for moderators.
 */
export function ContentMenuDropdown({ target, isOwn = false, muteUserId, size = "md", className }: ContentMenuProps) {
  const { status, viewer } = useViewer();
  const trigger = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const moderator = status === "signedIn" && isModeratorRole(viewer.role);
  const offerMute = status === "signedIn" && !isOwn && muteUserId !== undefined;
  const muteStatus = useQuery(api.mutes.status, offerMute ? { userId: muteUserId } : "skip");
  if (isOwn && !moderator) return null;

  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen>
        {/* Radix hands this ref, and its handlers, to the button below (React 19 passes ref as a prop). */}
        <DropdownMenu.Trigger asChild ref={trigger}>
          <ContentMenuButton size={size} className={className} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            // A dialog opened from an item returns focus to this button itself (focusOnClose).
            onCloseAutoFocus={(event) => dialog && event.preventDefault()}
            className="z-50 min-w-52 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-lg shadow-zinc-900/10 data-[state=open]:animate-in"
          >
            {!isOwn && (
              <DropdownMenu.Item className={itemClass} onSelect={() => setDialog({ kind: "report" })}>
                <Flag aria-hidden />
                通報する
              </DropdownMenu.Item>
            )}
            {offerMute && (
              <MuteItems userId={muteUserId} name={target.label} status={muteStatus} onBlock={() => setDialog({ kind: "block" })} />
            )}
            {moderator && <ModeratorItems target={target} onAct={(action) => setDialog({ kind: "act", action })} separated={!isOwn} />}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReportDialog
        open={dialog?.kind === "report"}
        onOpenChange={(open) => !open && setDialog(null)}
        target={target}
        finalFocus={trigger}
      />
      {offerMute && (
        <BlockDialog
          open={dialog?.kind === "block"}
          onClose={() => setDialog(null)}
          userId={muteUserId}
          name={target.label}
          finalFocus={trigger}
        />
      )}
      {moderator && (
        <ModerationActionDialog
          kind={dialog?.kind === "act" ? dialog.action : null}
          target={target}
          onClose={() => setDialog(null)}
          finalFocus={trigger}
        />
      )}
    </>
  );
}

type MuteStatus = "mute" | "block" | null | undefined;

function MuteItems({ userId, name, status, onBlock }: { userId: Id<"users">; name: string; status: MuteStatus; onBlock: () => void }) {
  const setMute = useMutation(api.mutes.set);
  const toast = useToast();
  const change = (kind: "mute" | null, done: string) => {
    setMute({ userId, kind }).then(
      () => toast.success(done),
      (error: unknown) => toast.error("変更できませんでした", readServerError(error).message),
    );
  };
  return (
    <>
      <DropdownMenu.Separator className="my-1 h-px bg-zinc-100" />
      {status === undefined ? (
        <DropdownMenu.Item disabled className={itemClass}>
          読み込み中…
        </DropdownMenu.Item>
      ) : status === "block" ? (
        <DropdownMenu.Item className={itemClass} onSelect={() => change(null, `${name}さんのブロックを解除しました`)}>
          <UserCheck aria-hidden />
          ブロックを解除
        </DropdownMenu.Item>
      ) : (
        <>
          {status === "mute" ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => change(null, `${name}さんのミュートを解除しました`)}>
              <Volume2 aria-hidden />
              ミュートを解除
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className={itemClass} onSelect={() => change("mute", `${name}さんをミュートしました`)}>
              <VolumeX aria-hidden />
              ミュートする
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={dangerItemClass} onSelect={onBlock}>
            <Ban aria-hidden />
            ブロックする
          </DropdownMenu.Item>
        </>
      )}
    </>
  );
}

function BlockDialog({
  open,
  onClose,
  userId,
  name,
  finalFocus,
}: {
  open: boolean;
  onClose: () => void;
  userId: Id<"users">;
  name: string;
  finalFocus: RefObject<HTMLElement | null>;
}) {
  const setMute = useMutation(api.mutes.set);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const block = async () => {
    setBusy(true);
    try {
      await setMute({ userId, kind: "block" });
      toast.success(`${name}さんをブロックしました`);
      onClose();
    } catch (error) {
      toast.error("ブロックできませんでした", readServerError(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent
        role="alertdialog"
        size="sm"
        hideCloseButton
        onCloseAutoFocus={focusOnClose(finalFocus)}
        title={`${name}さんをブロックしますか？`}
        description="この人の作品やコメントが表示されなくなり、あなたの作品へのコメント、あなたのフォロー、あなたのチャレンジへの投票ができなくなります。相手に通知されることはありません。"
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              キャンセル
            </Button>
          </DialogClose>
          <Button variant="danger" loading={busy} onClick={() => void block()}>
            ブロックする
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type ModeratorItem = { action: ModerationActKind; label: string; icon: ReactNode; danger?: boolean };

/** The actions that make sense for a target in its current state. */
export function moderatorActionsFor(type: ModerationTarget["type"], state: TargetState, hasOpenCase: boolean): ModeratorItem[] {
  const items: ModeratorItem[] = [];
  if (hasOpenCase) items.push({ action: "dismiss", label: "通報を却下する", icon: <XCircle aria-hidden /> });
  if (type === "user") {
    items.push(
      state === "suspended"
        ? { action: "unsuspend", label: "停止を解除する", icon: <UserCheck aria-hidden /> }
        : { action: "suspend", label: "このユーザーを停止する", icon: <UserX aria-hidden />, danger: true },
    );
    return items;
  }
  if (state === "deleted") return items;
  items.push(
    state === "visible"
      ? { action: "hide", label: "非表示にする", icon: <EyeOff aria-hidden /> }
      : { action: "restore", label: "表示を戻す", icon: <Eye aria-hidden /> },
  );
  items.push({ action: "delete", label: "削除する", icon: <Trash2 aria-hidden />, danger: true });
  items.push({ action: "suspend", label: "投稿者を停止する", icon: <UserX aria-hidden />, danger: true });
  return items;
}

/** Mounted only while the menu is open, so a page of comments does not watch every case. */
function ModeratorItems({
  target,
  onAct,
  separated,
}: {
  target: ModerationTarget;
  onAct: (action: ModerationActKind) => void;
  separated: boolean;
}) {
  const current = useQuery(api.moderation.targetCase, { targetType: target.type, targetId: target.id });
  return (
    <>
      {separated && <DropdownMenu.Separator className="my-1 h-px bg-zinc-100" />}
      <DropdownMenu.Label className="flex items-center gap-1.5 px-2.5 pt-1.5 pb-1 text-xs font-semibold text-zinc-500">
        <ShieldCheck aria-hidden className="size-3.5" />
        モデレーション
      </DropdownMenu.Label>
      {current === undefined ? (
        <DropdownMenu.Item disabled className={itemClass}>
          読み込み中…
        </DropdownMenu.Item>
      ) : (
        moderatorActionsFor(target.type, current.state, current.caseId !== null).map((item) => (
          <DropdownMenu.Item key={item.action} className={item.danger ? dangerItemClass : itemClass} onSelect={() => onAct(item.action)}>
            {item.icon}
            {item.label}
          </DropdownMenu.Item>
        ))
      )}
    </>
  );
}
