import { useId, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "convex/react";
import { UserCog } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Link } from "@/components/ui/link";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { readServerError } from "@/lib/convex-error";
import { ROLE_LABELS } from "@/lib/moderation";

const ROLE_OPTIONS = [
  { value: "moderator", label: "モデレーター" },
  { value: "admin", label: "管理者" },
  { value: "none", label: "権限なし（解除）" },
] as const;

/** Admins only: who the moderators are, and granting or revoking a role by handle. */
export function StaffSection({ viewerId }: { viewerId: Id<"users"> }) {
  const staff = useQuery(api.moderation.staff, {});
  return (
    <section aria-labelledby="staff-heading" className="flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id="staff-heading" className="flex items-center gap-2 text-base font-bold text-zinc-900 sm:text-lg">
          <UserCog aria-hidden className="size-5 text-brand-600" />
          スタッフ
        </h2>
        <p className="mt-1 text-sm text-zinc-600">モデレーターと管理者の一覧です。権限の変更は監査ログに記録されます。</p>
      </div>
      {staff === undefined ? (
        <Skeleton className="h-20" />
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-100 rounded-xl border border-zinc-200">
          {staff.map((member) => (
            <li key={member._id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
              <Link
                to={paths.profile(member.handle ?? member._id)}
                className="min-w-0 truncate font-semibold text-zinc-900 hover:underline"
              >
                {member.displayName}
                {member.handle && <span className="font-normal text-zinc-500"> @{member.handle}</span>}
                {member._id === viewerId && <span className="font-normal text-zinc-500">（あなた）</span>}
              </Link>
              <Badge color={member.role === "admin" ? "purple" : "blue"}>{ROLE_LABELS[member.role]}</Badge>
            </li>
          ))}
        </ul>
      )}
      <RoleForm />
    </section>
  );
}

function RoleForm() {
  const setRole = useMutation(api.moderation.setRole);
  const toast = useToast();
  const [user, setUser] = useState("");
  const [role, setRoleValue] = useState<(typeof ROLE_OPTIONS)[number]["value"]>("moderator");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const userId = useId();
  const roleId = useId();
  const noteId = useId();
  const ready = user.trim() !== "" && note.trim() !== "";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      await setRole({ user: user.trim(), role: role === "none" ? null : role, note: note.trim() });
      toast.success("権限を変更しました");
      setUser("");
      setNote("");
    } catch (failure) {
      setError(readServerError(failure, "権限を変更できませんでした").message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 border-t border-zinc-100 pt-4">
      <h3 className="text-sm font-bold text-zinc-900">権限を変更する</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={userId} required>
            ユーザーID（@なしでも可）
          </Label>
          <Input id={userId} value={user} onChange={(event) => setUser(event.target.value)} placeholder="vibe_creator" autoComplete="off" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={roleId}>権限</Label>
          <Select id={roleId} options={ROLE_OPTIONS} value={role} onValueChange={(value) => setRoleValue(value as typeof role)} />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={noteId} required>
          理由のメモ
        </Label>
        <Input
          id={noteId}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={500}
          placeholder="例: コミュニティ運営に参加"
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={!ready} loading={busy} className="self-start max-sm:w-full">
        変更する
      </Button>
    </form>
  );
}
