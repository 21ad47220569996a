import { Bell, Download, Flag, LogOut, Mail, Shield, TriangleAlert, UserX, type LucideIcon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import { DeleteAccountDialog } from "./delete-account-dialog";
import {
  emailToggles,
  hideEmailToggle,
  notificationToggles,
  showProjectsToggle,
  analyticsOptOutToggle,
  withVisibility,
  type ProfileVisibility,
  type SettingToggle,
  type UserSettings,
} from "./setting-toggles";

export type SettingsViewProps = {
  settings: UserSettings;
  /** Saves the whole settings object at once; the switches follow `settings` as it changes. */
  onSettingsChange: (next: UserSettings) => void;
  onExport: () => Promise<void>;
  onSignOut: () => Promise<void>;
  onDeleteAccount: (confirmation: string) => Promise<void>;
  /** The muted and blocked users list (live data, so the page passes it in); omitted in tests. */
  mutedUsers?: ReactNode;
  /** The viewer's own reports and their status (live data, passed in like mutedUsers). */
  myReports?: ReactNode;
};

/** The settings screen without data access: everything comes in as props (tested on its own). */
export function SettingsView({
  settings,
  onSettingsChange,
  onExport,
  onSignOut,
  onDeleteAccount,
  mutedUsers,
  myReports,
}: SettingsViewProps) {
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection icon={<Bell />} title="通知" description="どんなときにお知らせを受け取るか、メールでも受け取るかを選べます。">
        <ToggleGroup icon={Bell} title="サイト内の通知" note="ヘッダーのベルと通知ページに届きます。メールは送られません。">
          <ToggleList toggles={notificationToggles} settings={settings} onSettingsChange={onSettingsChange} />
        </ToggleGroup>
        <ToggleGroup icon={Mail} title="メール" note="登録したメールアドレスに届きます。" className="mt-6">
          <ToggleList toggles={emailToggles} settings={settings} onSettingsChange={onSettingsChange} />
        </ToggleGroup>
      </SettingsSection>

      <SettingsSection icon={<Shield />} title="プライバシー" description="ほかの人にプロフィールをどこまで見せるかを選べます。">
        <VisibilityChoice
          value={settings.privacy.profileVisibility}
          onChange={(visibility) => onSettingsChange(withVisibility(settings, visibility))}
        />
        <ToggleList
          className="mt-4"
          toggles={[showProjectsToggle, hideEmailToggle, analyticsOptOutToggle]}
          settings={settings}
          onSettingsChange={onSettingsChange}
        />
      </SettingsSection>

      {mutedUsers && (
        <SettingsSection
          icon={<UserX />}
          title="ミュート・ブロック中のユーザー"
          description="ミュートやブロックはプロフィールの「…」メニューから行えます。解除はここからできます。"
        >
          {mutedUsers}
        </SettingsSection>
      )}

      {myReports && (
        <SettingsSection
          icon={<Flag />}
          title="通報の履歴"
          description="あなたが通報した内容と、その対応状況です。通報したことが相手に伝わることはありません。"
        >
          {myReports}
        </SettingsSection>
      )}

      <SettingsSection
        icon={<Download />}
        title="データのエクスポート"
        description="プロフィール、設定、作品、コメント、いいねをJSONファイルでダウンロードします。"
      >
        <ExportButton onExport={onExport} />
      </SettingsSection>

      <SettingsSection
        tone="danger"
        icon={<TriangleAlert />}
        title="危険な操作"
        description="ログアウトやアカウントの削除はここから行えます。"
      >
        <div className="flex flex-col">
          <DangerRow title="ログアウト" description="このブラウザからログアウトします。">
            <SignOutButton onSignOut={onSignOut} />
          </DangerRow>
          <DangerRow
            title="アカウントを削除"
            description="アカウントとすべてのデータを完全に削除します。"
            className="mt-4 border-t border-zinc-100 pt-4"
          >
            <DeleteAccountDialog onDelete={onDeleteAccount} />
          </DangerRow>
        </div>
      </SettingsSection>
    </div>
  );
}

type SettingsSectionProps = {
  icon: ReactNode;
  title: string;
  description: string;
  tone?: "default" | "danger";
  children: ReactNode;
};

function SettingsSection({ icon, title, description, tone = "default", children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className={cn(tone === "danger" && "border-red-200")}>
        <div className="flex items-start gap-3 px-5 pt-5 sm:px-6 sm:pt-6">
          <span
            className={cn(
              "flex size-9 shrink-0 items-center justify-center rounded-xl [&_svg]:size-4.5",
              tone === "danger" ? "bg-red-50 text-red-600" : "bg-brand-50 text-brand-600",
            )}
            aria-hidden
          >
            {icon}
          </span>
          <div className="flex flex-col gap-0.5">
            <h2 id={headingId} className={cn("text-base font-bold sm:text-lg", tone === "danger" ? "text-red-700" : "text-zinc-900")}>
              {title}
            </h2>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

type ToggleGroupProps = { icon: LucideIcon; title: string; note: string; className?: string; children: ReactNode };

/** A titled group of switches inside a section, with a note on where what it controls arrives. */
function ToggleGroup({ icon: Icon, title, note, className, children }: ToggleGroupProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-bold text-zinc-900">
        <Icon aria-hidden className="size-4 text-zinc-500" />
        {title}
      </h3>
      <p className="mt-0.5 mb-2 text-xs text-zinc-500 sm:text-sm">{note}</p>
      {children}
    </section>
  );
}

type ToggleListProps = {
  toggles: readonly SettingToggle[];
  settings: UserSettings;
  onSettingsChange: (next: UserSettings) => void;
  className?: string;
};

function ToggleList({ toggles, settings, onSettingsChange, className }: ToggleListProps) {
  return (
    <ul className={cn("divide-y divide-zinc-100 rounded-xl border border-zinc-200", className)}>
      {toggles.map((toggle) => (
        <ToggleRow
          key={toggle.id}
          toggle={toggle}
          checked={toggle.isOn(settings)}
          disabled={toggle.inactive?.(settings) ?? false}
          onCheckedChange={(on) => onSettingsChange(toggle.turn(settings, on))}
        />
      ))}
    </ul>
  );
}

type ToggleRowProps = { toggle: SettingToggle; checked: boolean; disabled: boolean; onCheckedChange: (on: boolean) => void };

function ToggleRow({ toggle, checked, disabled, onCheckedChange }: ToggleRowProps) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 px-4 py-3.5">
      <div className="min-w-0">
        <Label htmlFor={id}>{toggle.label}</Label>
        <p id={`${id}-description`} className="mt-0.5 text-xs text-zinc-500 sm:text-sm">
          {toggle.description}
        </p>
      </div>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onCheckedChange} aria-describedby={`${id}-description`} />
    </li>
  );
}

const visibilityOptions: { value: ProfileVisibility; label: string; description: string }[] = [
  { value: "public", label: "公開", description: "誰でもプロフィールを見られます" },
  { value: "private", label: "非公開", description: "ほかの人にはアバターと表示名だけを表示します" },
];

function VisibilityChoice({ value, onChange }: { value: ProfileVisibility; onChange: (v: ProfileVisibility) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-zinc-800">プロフィールの公開範囲</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {visibilityOptions.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 transition-colors",
              "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600",
              value === option.value ? "border-brand-500 bg-brand-50/60" : "border-zinc-200 hover:border-zinc-300",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-1 size-4 accent-brand-600"
            />
            <span className="flex flex-col">
              <span className="text-sm font-semibold text-zinc-900">{option.label}</span>
              <span className="text-xs text-zinc-500 sm:text-sm">{option.description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ExportButton({ onExport }: { onExport: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      className="w-full sm:w-auto"
      onClick={() => {
        setBusy(true);
        // Failures are reported by the caller; the button only needs to become usable again.
        onExport()
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {!busy && <Download aria-hidden />}
      データをエクスポート
    </Button>
  );
}

function SignOutButton({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      className="w-full sm:w-auto"
      onClick={() => {
        setBusy(true);
        onSignOut()
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {!busy && <LogOut aria-hidden />}
      ログアウト
    </Button>
  );
}

type DangerRowProps = { title: string; description: string; className?: string; children: ReactNode };

function DangerRow({ title, description, className, children }: DangerRowProps) {
  return (
    <div className={cn("flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between", className)}>
      <div>
        <h3 className="text-sm font-bold text-zinc-900">{title}</h3>
        <p className="mt-0.5 text-xs text-zinc-500 sm:text-sm">{description}</p>
      </div>
      {children}
    </div>
  );
}
