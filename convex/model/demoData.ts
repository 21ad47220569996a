// The demo data set seeded on the first start of the local stack (and used by e2e tests):
// Japanese creators, works, comments and challenges that make the site look alive.
import type { Genre } from "../constants";
import type { Palette } from "./demoImages";

export type DemoCreator = {
  handle: string;
  displayName: string;
  email: string;
  bio: string;
  location: string;
  websiteUrl?: string;
  githubUrl?: string;
  twitterUrl?: string;
};

export const DEMO_CREATORS: readonly DemoCreator[] = [
  {
    handle: "hana_design",
    displayName: "佐藤はな",
    email: "hana@demo.vibe-gallery.example",
    bio: "UIデザイナー。AIと一緒に、毎日ちいさなWebアプリを作っています。色と余白が好き。",
    location: "東京",
    websiteUrl: "https://hana.example.com",
    twitterUrl: "https://twitter.com/hana_design",
  },
  {
    handle: "kenji_dev",
    displayName: "田中健二",
    email: "kenji@demo.vibe-gallery.example",
    bio: "バックエンドエンジニア。週末はCursorとClaudeでゲームを作るのが趣味です。",
    location: "大阪",
    githubUrl: "https://github.com/kenji-dev",
  },
  {
    handle: "yui_teacher",
    displayName: "山本ゆい",
    email: "yui@demo.vibe-gallery.example",
    bio: "小学校の先生です。プログラミング未経験から、AIとの対話だけで教材アプリを作りました。",
    location: "福岡",
  },
  {
    handle: "taro_biz",
    displayName: "鈴木太郎",
    email: "taro@demo.vibe-gallery.example",
    bio: "小さな会社の経営者。業務の困りごとをAIツールで解決するのが得意です。",
    location: "名古屋",
    websiteUrl: "https://taro-biz.example.com",
  },
  {
    handle: "mio_art",
    displayName: "高橋みお",
    email: "mio@demo.vibe-gallery.example",
    bio: "イラストレーター。画像生成AIとコード生成AIを組み合わせた作品づくりをしています。",
    location: "京都",
    twitterUrl: "https://twitter.com/mio_art",
  },
  {
    handle: "sho_student",
    displayName: "伊藤翔",
    email: "sho@demo.vibe-gallery.example",
    bio: "情報系の大学生。bolt.newとv0で、思いついたアイデアをすぐ形にしています。",
    location: "仙台",
    githubUrl: "https://github.com/sho-student",
  },
];

export type DemoWork = {
  creator: string;
  title: string;
  description: string;
  vibeDescription: string;
  genre: Genre;
  demoUrl: string;
  demoVideoUrl?: string;
  repositoryUrl?: string;
  aiTools: string[];
  techStack: string[];
  tags: string[];
  isZeroCode: boolean;
  screenshots: number;
  palette: Palette;
};

const p = (from: Palette["from"], to: Palette["to"], accent: Palette["accent"]): Palette => ({ from, to, accent });

export const DEMO_WORKS: readonly DemoWork[] = [
  {
    creator: "hana_design",
    title: "ふんわり家計簿",
    description: "毎日の支出を3タップで記録できる、やさしい色合いの家計簿アプリです。月ごとのグラフで使いすぎがひと目で分かります。",
    vibeDescription: "「家計簿が続かない」という自分の悩みから。Claudeに何度も相談しながら、入力の手間を極限まで減らしました。",
    genre: "webapp",
    demoUrl: "https://example.com/kakeibo",
    repositoryUrl: "https://github.com/hana-design/kakeibo",
    aiTools: ["Claude", "v0"],
    techStack: ["React", "Tailwind CSS"],
    tags: ["家計簿", "節約", "グラフ"],
    isZeroCode: true,
    screenshots: 3,
    palette: p([255, 228, 236], [224, 231, 255], [236, 72, 153]),
  },
  {
    creator: "kenji_dev",
    title: "ネオン・ブロック崩し",
    description: "ネオンの光る画面で遊ぶブロック崩しゲーム。ステージごとにBGMが変わり、スマホでも快適に遊べます。",
    vibeDescription: "懐かしいゲームを今っぽく。Cursorと会話しながら当たり判定を調整するのが楽しかったです。",
    genre: "game",
    demoUrl: "https://example.com/neon-breakout",
    demoVideoUrl: "https://example.com/neon-breakout/video",
    repositoryUrl: "https://github.com/kenji-dev/neon-breakout",
    aiTools: ["Cursor", "Claude"],
    techStack: ["TypeScript", "Canvas"],
    tags: ["ゲーム", "レトロ", "ネオン"],
    isZeroCode: false,
    screenshots: 2,
    palette: p([30, 27, 75], [88, 28, 135], [34, 211, 238]),
  },
  {
    creator: "yui_teacher",
    title: "九九マスター",
    description: "子どもが楽しく九九を覚えられる学習アプリ。正解するとキャラクターが育ち、先生用の成績画面もあります。",
    vibeDescription: "クラスの子どもたちの「もっとやりたい！」が原動力。コードは一行も書かず、ChatGPTとの対話だけで完成させました。",
    genre: "education",
    demoUrl: "https://example.com/kuku",
    aiTools: ["ChatGPT", "bolt.new"],
    techStack: ["Vue"],
    tags: ["教育", "算数", "小学生"],
    isZeroCode: true,
    screenshots: 2,
    palette: p([254, 249, 195], [187, 247, 208], [234, 88, 12]),
  },
  {
    creator: "taro_biz",
    title: "見積書メーカー",
    description: "品目を入力するだけで見積書PDFを作成。取引先ごとの履歴管理と、消費税の自動計算に対応しています。",
    vibeDescription: "毎月の見積書づくりに2時間かかっていたのを10分に。Lovableで画面を作り、細かい計算はClaudeに任せました。",
    genre: "business",
    demoUrl: "https://example.com/mitsumori",
    aiTools: ["Lovable", "Claude"],
    techStack: ["Next.js", "PDF"],
    tags: ["業務効率化", "見積書", "PDF"],
    isZeroCode: true,
    screenshots: 2,
    palette: p([241, 245, 249], [203, 213, 225], [37, 99, 235]),
  },
  {
    creator: "mio_art",
    title: "AI絵本スタジオ",
    description: "文章を入れると、挿絵つきの絵本ページを自動で組み立てるツール。画像はMidjourneyで作ったものを使えます。",
    vibeDescription: "姪っ子に絵本を作ってあげたくて。絵はMidjourney、レイアウトのコードはv0に描いてもらいました。",
    genre: "design",
    demoUrl: "https://example.com/ehon",
    aiTools: ["Midjourney", "v0", "ChatGPT"],
    techStack: ["React", "Framer Motion"],
    tags: ["絵本", "イラスト", "子ども"],
    isZeroCode: false,
    screenshots: 3,
    palette: p([255, 237, 213], [252, 231, 243], [190, 24, 93]),
  },
  {
    creator: "sho_student",
    title: "時間割シェア",
    description: "大学の時間割を友だちと共有して、空きコマが重なる時間を自動で見つけるWebアプリです。",
    vibeDescription: "「次いつ空いてる？」のやりとりをなくしたくて。bolt.newで一晩で形にしました。",
    genre: "webapp",
    demoUrl: "https://example.com/jikanwari",
    repositoryUrl: "https://github.com/sho-student/jikanwari",
    aiTools: ["bolt.new", "GitHub Copilot"],
    techStack: ["Svelte", "Supabase"],
    tags: ["大学", "時間割", "共有"],
    isZeroCode: false,
    screenshots: 2,
    palette: p([219, 234, 254], [224, 242, 254], [14, 165, 233]),
  },
  {
    creator: "hana_design",
    title: "今日のパレット",
    description: "毎日ひとつ、季節に合った配色パレットを提案してくれるデザイナー向けツール。カラーコードをワンタップでコピーできます。",
    vibeDescription: "配色に迷う時間を楽しい時間に。Geminiに季節の言葉を考えてもらい、色と組み合わせています。",
    genre: "design",
    demoUrl: "https://example.com/palette",
    aiTools: ["Gemini", "v0"],
    techStack: ["React"],
    tags: ["配色", "デザイン", "季節"],
    isZeroCode: true,
    screenshots: 2,
    palette: p([220, 252, 231], [254, 243, 199], [22, 163, 74]),
  },
  {
    creator: "kenji_dev",
    title: "ひとことAI日記",
    description: "一行だけ書くと、AIがその日のできごとを振り返る質問を返してくれる日記アプリ。続けるほど自分の傾向が見えてきます。",
    vibeDescription: "日記を三日坊主で終わらせないために。Replit Agentに相談しながらサーバーまで含めて作りました。",
    genre: "ai",
    demoUrl: "https://example.com/nikki",
    aiTools: ["Replit Agent", "Claude"],
    techStack: ["Python", "FastAPI"],
    tags: ["日記", "AI", "習慣"],
    isZeroCode: false,
    screenshots: 2,
    palette: p([237, 233, 254], [224, 231, 255], [124, 58, 237]),
  },
  {
    creator: "yui_teacher",
    title: "よみがなチェッカー",
    description: "文章を貼りつけると、学年ごとに習っていない漢字にふりがなを振ってくれるツール。学級通信づくりに便利です。",
    vibeDescription: "学級通信を書くたびに漢字を調べていた手間をなくしたくて。Claudeとの対話だけで作りました。",
    genre: "tool",
    demoUrl: "https://example.com/yomigana",
    aiTools: ["Claude"],
    techStack: [],
    tags: ["教育", "漢字", "ふりがな"],
    isZeroCode: true,
    screenshots: 1,
    palette: p([255, 251, 235], [254, 226, 226], [220, 38, 38]),
  },
  {
    creator: "taro_biz",
    title: "シフト自動作成くん",
    description: "スタッフの希望休を集めて、公平なシフト表を自動で作成。LINEで共有できる画像出力にも対応しています。",
    vibeDescription: "店長の一番つらい仕事を減らしたい。ChatGPTに条件を整理してもらってから、Cursorで実装しました。",
    genre: "business",
    demoUrl: "https://example.com/shift",
    aiTools: ["ChatGPT", "Cursor"],
    techStack: ["TypeScript", "Node.js"],
    tags: ["シフト", "店舗", "業務効率化"],
    isZeroCode: false,
    screenshots: 2,
    palette: p([236, 254, 255], [207, 250, 254], [8, 145, 178]),
  },
  {
    creator: "mio_art",
    title: "星空タイピング",
    description: "流れ星に書かれた言葉をタイピングして消していくゲーム。日本語ローマ字入力に対応しています。",
    vibeDescription: "タイピング練習をロマンチックに。背景の星空はStable Diffusionで描き、ゲーム部分はClaudeと作りました。",
    genre: "game",
    demoUrl: "https://example.com/hoshizora",
    aiTools: ["Stable Diffusion", "Claude"],
    techStack: ["JavaScript"],
    tags: ["タイピング", "ゲーム", "星空"],
    isZeroCode: true,
    screenshots: 2,
    palette: p([15, 23, 42], [30, 58, 138], [250, 204, 21]),
  },
  {
    creator: "sho_student",
    title: "レシピ変換AI",
    description: "冷蔵庫にある食材を入力すると、作れる料理とレシピを提案。人数に合わせて分量も自動で計算します。",
    vibeDescription: "一人暮らしの自炊を助けたくて。v0で画面を作り、レシピの提案はGeminiに任せています。",
    genre: "ai",
    demoUrl: "https://example.com/recipe",
    aiTools: ["v0", "Gemini"],
    techStack: ["Next.js"],
    tags: ["料理", "レシピ", "一人暮らし"],
    isZeroCode: false,
    screenshots: 2,
    palette: p([255, 247, 237], [254, 215, 170], [234, 88, 12]),
  },
];

/** Comments written on the demo works: [commenter handle, work index, text]. */
export const DEMO_COMMENTS: readonly [string, number, string][] = [
  ["kenji_dev", 0, "入力がほんとうに3タップで終わるのがすごいです！色使いも癒やされます。"],
  ["yui_teacher", 0, "私も家計簿が続かないタイプなので、さっそく使ってみます。"],
  ["hana_design", 1, "ネオンの演出がかっこいい！BGMの切り替わりも気持ちいいですね。"],
  ["sho_student", 1, "ついハイスコアを狙って30分遊んでしまいました笑"],
  ["taro_biz", 2, "コードを書かずにここまで作れるんですね。勇気をもらいました。"],
  ["mio_art", 2, "キャラクターが育つ仕組み、子どもは絶対好きですね！"],
  ["hana_design", 3, "請求書版もあったらぜひ使いたいです。"],
  ["kenji_dev", 4, "絵本のページめくりのアニメーションがとても自然ですね。どうやって作ったんですか？"],
  ["yui_teacher", 4, "授業で子どもたちと一緒に絵本を作ってみたいです。"],
  ["taro_biz", 5, "空きコマが重なる時間が一目で分かるの便利ですね。"],
  ["mio_art", 6, "毎朝チェックするのが日課になりました。"],
  ["sho_student", 7, "質問の返し方がやさしくて、続けられそうです。"],
  ["hana_design", 8, "学級通信以外にも使えそう！"],
  ["yui_teacher", 9, "うちの学校の当番表にも応用できそうです。"],
  ["kenji_dev", 10, "星空の背景がきれいすぎて、タイピングに集中できません笑"],
  ["taro_biz", 11, "冷蔵庫の残り物で晩ごはんが決まりました。ありがとうございます！"],
];

/** Challenges in each status. Dates are relative to seeding time, in days. */
export const DEMO_CHALLENGES = [
  {
    organiser: "hana_design",
    title: "冬を楽しむミニアプリ",
    description: "寒い季節がちょっと楽しくなる、冬がテーマの小さなアプリを募集します。ゲームでもツールでも大歓迎！",
    requirements: "・冬や雪、年末年始などがテーマであること\n・AIツールを使って作ったこと\n・デモURLで実際に触れること",
    prize: true,
    prizeDescription: "優勝者にはオリジナルステッカーセットをお送りします",
    tags: ["冬", "季節", "ミニアプリ"],
    status: "active" as const,
    startedDaysAgo: 3,
    endsInDays: 18,
    entries: [] as number[],
  },
  {
    organiser: "taro_biz",
    title: "仕事をラクにするツール選手権",
    description: "毎日の仕事の「めんどう」を解決するツールを大募集。あなたのアイデアで誰かの残業を減らしましょう。",
    requirements: "・業務効率化に役立つこと\n・使い方が一目で分かること",
    prize: false,
    tags: ["業務効率化", "ツール"],
    status: "voting" as const,
    startedDaysAgo: 30,
    endsInDays: 2,
    // One entry per creator, never the organiser's own: 時間割シェア, よみがなチェッカー, ふんわり家計簿.
    entries: [5, 8, 0],
  },
  {
    organiser: "kenji_dev",
    title: "はじめてのゲーム制作",
    description: "AIと一緒に作ったはじめてのゲームを見せてください。完成度よりも楽しさ重視です！",
    requirements: "・ブラウザで遊べるゲームであること",
    prize: true,
    prizeDescription: "優勝作品をトップページで紹介します",
    tags: ["ゲーム", "初心者歓迎"],
    status: "ended" as const,
    startedDaysAgo: 60,
    endsInDays: -20,
    // The first entry wins: 星空タイピング (not the organiser's), then レシピ変換AI.
    entries: [10, 11],
  },
];
