import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/use-toast";
import { ExampleLabel, StyleguideSection } from "./styleguide-section";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function OverlaysSection() {
  const toast = useToast();
  const [confirmOpen, setConfirmOpen] = useState(false);

  return (
    <StyleguideSection id="overlays" title="ダイアログとトースト">
      <div className="grid gap-8 md:grid-cols-2">
        <div>
          <ExampleLabel>ダイアログ（フォーカスはダイアログ内に閉じ込められます）</ExampleLabel>
          <div className="flex flex-wrap gap-3">
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="outline">ダイアログを開く</Button>
              </DialogTrigger>
              <DialogContent title="作品へのリンク" description="このURLを共有すると、誰でも作品を見られます。">
                <FormField label="共有用URL">
                  {(control) => <Input {...control} readOnly value="https://vibe-gallery.example/projects/sample" />}
                </FormField>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline">閉じる</Button>
                  </DialogClose>
                  <DialogClose asChild>
                    <Button onClick={() => toast.success("リンクをコピーしました")}>コピー</Button>
                  </DialogClose>
                </DialogFooter>
              </DialogContent>
            </Dialog>
            <Button variant="danger" onClick={() => setConfirmOpen(true)}>
              確認ダイアログを開く
            </Button>
            <ConfirmDialog
              open={confirmOpen}
              onOpenChange={setConfirmOpen}
              tone="danger"
              title="この作品を削除しますか？"
              description="いいねやコメントも一緒に削除され、元に戻すことはできません。"
              confirmLabel="削除する"
              onConfirm={async () => {
                await wait(800); // stands in for the server call
                toast.success("作品を削除しました", "サンプルのため、実際には何も削除されていません。");
              }}
            />
          </div>
        </div>
        <div>
          <ExampleLabel>トースト（alert の代わりに使います）</ExampleLabel>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={() => toast.success("プロフィールを更新しました")}>
              成功
            </Button>
            <Button variant="outline" onClick={() => toast.error("投票中にエラーが発生しました")}>
              エラー
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                toast.show({ title: "新しいチャレンジが始まりました", description: "「秋のミニゲーム祭り」に参加してみましょう。" })
              }
            >
              お知らせ
            </Button>
          </div>
        </div>
      </div>
    </StyleguideSection>
  );
}
