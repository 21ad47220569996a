import type { WorkField } from "../../../convex/model/workRules";

export type WizardStep = 1 | 2 | 3 | 4;

/**
 * The 4-step wizard (docs/product.md "Posting wizard"): what each step is called and which fields
 * it holds.
 */
export const WIZARD_STEPS: readonly { step: WizardStep; title: string; fields: readonly WorkField[] }[] = [
  { step: 1, title: "基本情報", fields: ["title", "description", "vibeDescription", "genre", "demoUrl", "demoVideoUrl", "repositoryUrl"] },
  { step: 2, title: "スクリーンショット", fields: ["screenshots"] },
  { step: 3, title: "技術情報", fields: ["aiTools", "techStack", "tags", "isZeroCode"] },
  { step: 4, title: "確認", fields: [] },
];
