import { StyleguideSection, ExampleLabel } from "./styleguide-section";

type Swatch = { name: string; className: string; hex: string; role?: string };

const brand: Swatch[] = [
  { name: "brand-50", className: "bg-brand-50", hex: "#f5f3ff" },
  { name: "brand-100", className: "bg-brand-100", hex: "#ede9fe" },
  { name: "brand-300", className: "bg-brand-300", hex: "#c4b5fd" },
  { name: "brand-500", className: "bg-brand-500", hex: "#8b5cf6" },
  { name: "brand-600", className: "bg-brand-600", hex: "#7c3aed" },
  { name: "brand-700", className: "bg-brand-700", hex: "#6d28d9" },
  { name: "accent-500", className: "bg-accent-500", hex: "#ec4899" },
];

const neutrals: Swatch[] = [
  { name: "zinc-50", className: "bg-zinc-50", hex: "#fafafa" },
  { name: "zinc-100", className: "bg-zinc-100", hex: "#f4f4f5" },
  { name: "zinc-200", className: "bg-zinc-200", hex: "#e4e4e7" },
  { name: "zinc-400", className: "bg-zinc-400", hex: "#9f9fa9" },
  { name: "zinc-600", className: "bg-zinc-600", hex: "#52525c" },
  { name: "zinc-900", className: "bg-zinc-900", hex: "#18181b" },
];

const status: Swatch[] = [
  { role: "成功", name: "emerald-600", className: "bg-emerald-600", hex: "#059669" },
  { role: "注意", name: "amber-500", className: "bg-amber-500", hex: "#f59e0b" },
  { role: "エラー", name: "red-600", className: "bg-red-600", hex: "#dc2626" },
  { role: "情報", name: "blue-600", className: "bg-blue-600", hex: "#2563eb" },
];

function SwatchGrid({ swatches }: { swatches: Swatch[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {swatches.map((swatch) => (
        <li key={swatch.name} className="overflow-hidden rounded-xl border border-zinc-200">
          <div className={`h-14 ${swatch.className}`} />
          <div className="px-3 py-2">
            {swatch.role && <p className="text-xs font-bold text-zinc-900">{swatch.role}</p>}
            <p className="text-xs font-semibold text-zinc-800">{swatch.name}</p>
            <p className="font-mono text-[0.6875rem] text-zinc-500">{swatch.hex}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ColorsSection() {
  return (
    <StyleguideSection
      id="colors"
      title="カラー"
      description="面はニュートラルなグレー、ブランドのグラデーションはロゴ・主要ボタン・見出しのアクセントだけに使います。"
    >
      <div className="flex flex-col gap-8">
        <div>
          <ExampleLabel>ブランドグラデーション</ExampleLabel>
          <div className="bg-brand-gradient flex h-16 items-end justify-between rounded-xl px-4 py-2 text-xs font-semibold text-white">
            <span>#7c3aed</span>
            <span>#ec4899</span>
          </div>
        </div>
        <div>
          <ExampleLabel>ブランド</ExampleLabel>
          <SwatchGrid swatches={brand} />
        </div>
        <div>
          <ExampleLabel>ニュートラル</ExampleLabel>
          <SwatchGrid swatches={neutrals} />
        </div>
        <div>
          <ExampleLabel>状態</ExampleLabel>
          <SwatchGrid swatches={status} />
        </div>
      </div>
    </StyleguideSection>
  );
}
