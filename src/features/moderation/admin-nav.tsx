import { ClipboardList, Inbox } from "lucide-react";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

const items = [
  { key: "queue", label: "通報キュー", to: paths.admin(), icon: Inbox },
  { key: "log", label: "監査ログ", to: paths.adminLog(), icon: ClipboardList },
] as const;

/** Switches between the queue and the audit log. */
export function AdminNav({ current }: { current: (typeof items)[number]["key"] }) {
  return (
    <nav aria-label="管理メニュー">
      <ul className="inline-flex gap-1 rounded-xl bg-zinc-100 p-1">
        {items.map(({ key, label, to, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              aria-current={key === current ? "page" : undefined}
              className={cn(
                "inline-flex h-9 items-center gap-1.5 rounded-lg px-4 text-sm font-semibold whitespace-nowrap transition-colors",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                key === current ? "bg-white text-zinc-900 shadow-sm" : "text-zinc-600 hover:text-zinc-900",
              )}
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
