// 新着順 / 人気順 / 急上昇: the sort of every list of works (the gallery, tag and AI-tool pages).
import { SegmentedGroup, segmentClass } from "@/components/ui/segmented";
import { WORK_SORT_LABELS, type WorkSort } from "@/lib/work-sort";

export function SortToggle({ sort, onChange }: { sort: WorkSort; onChange: (sort: WorkSort) => void }) {
  return (
    <SegmentedGroup label="並び順">
      {(Object.keys(WORK_SORT_LABELS) as WorkSort[]).map((id) => (
        <button key={id} type="button" aria-pressed={sort === id} onClick={() => onChange(id)} className={segmentClass(sort === id)}>
          {WORK_SORT_LABELS[id]}
        </button>
      ))}
    </SegmentedGroup>
  );
}
