export type FaqItem = {
  id: string;
  question: string;
  answer: readonly string[];
  /** An outside page that answers the rest (opens in a new tab). */
  link?: { label: string; href: string };
};

/**
 * The five questions of the help page (docs/product.md "Help"). Each answer is a list of short
 * paragraphs.
 */
export const faqItems: readonly FaqItem[] = [
  {
    id: "about",
    question: "バイブギャラリーとは何ですか？",
    answer: [
      "バイブギャラリーは、ChatGPT や Claude、bolt.new、v0 などのAIツールを使ってつくった作品を公開し、ほかのクリエイターの作品と出会えるコミュニティです。",
      "Webアプリやゲーム、デザインなどジャンルを問わず投稿でき、いいねやコメントで感想を伝えたり、テーマごとのチャレンジに参加したりできます。",
    ],
  },
  {
    id: "how-to-post",
    question: "作品はどうやって投稿しますか？",
    answer: [
      "Googleアカウントでログインしてから、ヘッダーの「投稿する」を開いてください。4つのステップで投稿できます。",
      "①タイトル・説明・制作ストーリー（Vibeの説明）・デモURLなどの基本情報、②スクリーンショット（PNG・JPG・GIF、1枚5MBまで、最大5枚）、③使用したAIツールや技術・タグ、④内容の確認、の順に進みます。",
    ],
  },
  {
    id: "zero-code",
    question: "「ゼロコード」とは何ですか？",
    answer: [
      "自分ではコードを一行も書かず、AIとの対話だけで作品を完成させたことを示す宣言です。投稿時に「ゼロコード」にチェックを入れると、作品に専用のバッジが表示されます。",
      "ゼロコード宣言は投稿後に変更できません。内容を確かめてからチェックしてください。",
    ],
  },
  {
    id: "pricing",
    question: "アカウントの作成は無料ですか？",
    answer: [
      "はい、無料です。Googleアカウントがあれば、作品の投稿・いいね・コメント・チャレンジへの参加など、すべての機能を料金なしでご利用いただけます。",
    ],
  },
  {
    id: "password",
    question: "パスワードを忘れてしまいました。どうすればいいですか？",
    answer: [
      "バイブギャラリーへのログインはGoogleアカウントのみで行っており、バイブギャラリー独自のパスワードはありません。",
      "Googleアカウントのパスワードを忘れた場合は、Google側で再設定してください。再設定後は、これまでどおりGoogleでログインできます。",
    ],
    link: { label: "Googleアカウントの再設定ページ", href: "https://accounts.google.com/signin/recovery" },
  },
];
