import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it, vi } from "vitest";
import { useRecordOnce } from "./use-record-once";

function Visit({ id, record }: { id: string | undefined; record: (id: string) => void }) {
  useRecordOnce(id, record);
  return null;
}

describe("useRecordOnce (one view per visit)", () => {
  it("records once under StrictMode's double effects", () => {
    const record = vi.fn();
    render(
      <StrictMode>
        <Visit id="work-1" record={record} />
      </StrictMode>,
    );
    expect(record).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledWith("work-1");
  });

  it("waits for the work, ignores re-renders, and counts another work once", () => {
    const record = vi.fn();
    const { rerender } = render(<Visit id={undefined} record={record} />, { wrapper: StrictMode });
    expect(record).not.toHaveBeenCalled();
    rerender(<Visit id="work-1" record={record} />);
    rerender(<Visit id="work-1" record={record} />);
    expect(record).toHaveBeenCalledTimes(1);
    rerender(<Visit id="work-2" record={record} />);
    expect(record).toHaveBeenCalledTimes(2);
    expect(record).toHaveBeenLastCalledWith("work-2");
  });
});
