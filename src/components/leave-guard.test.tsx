import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Link } from "@/components/ui/link";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";
import { LeaveGuard, LEAVE_GUARD_TITLE } from "./leave-guard";

function FormPage() {
  const [text, setText] = useState("");
  const navigate = useNavigate();
  return (
    <div>
      <h1>フォーム</h1>
      <input aria-label="名前" value={text} onChange={(event) => setText(event.target.value)} />
      <Link to="/other">よそへ</Link>
      <button type="button" onClick={() => void navigate("/form?step=2")}>
        次のステップ
      </button>
      <LeaveGuard when={text !== ""} shouldBlock={(next) => next.pathname !== "/form"} />
    </div>
  );
}

const routes = [
  { path: "/", element: <h1>ホーム</h1> },
  { path: "/form", element: <FormPage /> },
  { path: "/other", element: <h1>よそのページ</h1> },
];

const dialog = () => screen.findByRole("alertdialog", { name: LEAVE_GUARD_TITLE });

describe("LeaveGuard", () => {
  it("lets the page go freely while nothing was changed", async () => {
    const { user, router } = renderApp({ entries: ["/", "/form"], routes });
    await user.click(await screen.findByRole("link", { name: "よそへ" }));
    expect(await screen.findByRole("heading", { name: "よそのページ" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/other");
  });

  it("asks before a link leaves a changed form: staying keeps the page and the text, leaving goes", async () => {
    const { user, router } = renderApp({ entries: ["/", "/form"], routes });
    await user.type(await screen.findByRole("textbox", { name: "名前" }), "太郎");
    await user.click(screen.getByRole("link", { name: "よそへ" }));
    await user.click(
      within(await dialog()).getByRole("button", {
        name: "このページに留まる",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/form");
    expect(screen.getByRole("textbox", { name: "名前" })).toHaveValue("太郎");

    await user.click(screen.getByRole("link", { name: "よそへ" }));
    await user.click(within(await dialog()).getByRole("button", { name: "離れる" }));
    expect(await screen.findByRole("heading", { name: "よそのページ" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/other");
  });

  it("holds the browser's Back the same way", async () => {
    const { user, router } = renderApp({ entries: ["/", "/form"], routes });
    await user.type(await screen.findByRole("textbox", { name: "名前" }), "太郎");
    await router.navigate(-1);
    await user.click(
      within(await dialog()).getByRole("button", {
        name: "このページに留まる",
      }),
    );
    expect(router.state.location.pathname).toBe("/form");
    expect(screen.getByRole("textbox", { name: "名前" })).toHaveValue("太郎");

    await router.navigate(-1);
    await user.click(within(await dialog()).getByRole("button", { name: "離れる" }));
    expect(await screen.findByRole("heading", { name: "ホーム" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("lets through what shouldBlock allows (a step of the same form)", async () => {
    const { user, router } = renderApp({ entries: ["/form"], routes });
    await user.type(await screen.findByRole("textbox", { name: "名前" }), "太郎");
    await user.click(screen.getByRole("button", { name: "次のステップ" }));
    expect(router.state.location.search).toBe("?step=2");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("asks the browser to confirm a reload or a closed tab only while changed", async () => {
    const { user } = renderApp({ entries: ["/form"], routes });
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByRole("textbox", { name: "名前" });
    expect(unload()).toBe(false);
    await user.type(screen.getByRole("textbox", { name: "名前" }), "太郎");
    expect(unload()).toBe(true);
  });
});
