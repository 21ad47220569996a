// The AI tools a work names, shared by the server and the browser (through convex/constants.ts,
// or directly where only they are wanted: the gallery's filter). Plain data only.

/**
 * AI tools offered when posting, grouped as the submit form shows them (docs/product.md "Posting
 * wizard", step 3).
 */
export const AI_TOOL_GROUPS = [
  {
    id: "vibeCoding",
    label: "バイブコーディングツール",
    tools: [
      { name: "bolt.new", popular: true },
      { name: "Lovable", popular: true },
      { name: "v0", popular: true },
      { name: "Cursor", popular: true },
      { name: "Replit Agent", popular: false },
      { name: "GitHub Copilot", popular: false },
    ],
  },
  {
    id: "assistants",
    label: "AIアシスタント",
    tools: [
      { name: "ChatGPT", popular: true },
      { name: "Claude", popular: true },
      { name: "Gemini", popular: false },
    ],
  },
  {
    id: "imageGeneration",
    label: "画像生成",
    tools: [
      { name: "Midjourney", popular: false },
      { name: "DALL-E", popular: false },
      { name: "Stable Diffusion", popular: false },
    ],
  },
] as const;

/** The submit list's own catch-all choice. */
export const OTHER_AI_TOOL = "other";

/** Every tool of the submit list, in the submit form's order. */
export const SUBMIT_AI_TOOLS = [
  "bolt.new",
  "Lovable",
  "v0",
  "Cursor",
  "Replit Agent",
  "ChatGPT",
  "Claude",
  "Gemini",
  "GitHub Copilot",
  "Midjourney",
  "DALL-E",
  "Stable Diffusion",
  OTHER_AI_TOOL,
] as const;

/**
 * The gallery's AI-tool filter: the gallery's own filter tools first, then every other submit tool.
 */
const SPEC_FILTER_AI_TOOLS = ["ChatGPT", "Claude", "Midjourney", "DALL-E", "Stable Diffusion", "GitHub Copilot", "v0", "Cursor"] as const;
export const FILTER_AI_TOOLS: readonly string[] = [
  ...SPEC_FILTER_AI_TOOLS,
  ...SUBMIT_AI_TOOLS.filter((tool) => tool !== OTHER_AI_TOOL && !(SPEC_FILTER_AI_TOOLS as readonly string[]).includes(tool)),
];
