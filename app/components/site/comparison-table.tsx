import { COMPARISON, COMPARISON_ROWS, MARK_LABELS, type Mark } from "./site-content";

const MARK_CLASS: Record<Mark, string> = {
  yes: "text-emerald-400",
  no: "text-zinc-400",
  soon: "text-amber-300",
};

/** Yes / No / Coming soon per product; scrolls sideways inside itself on a narrow screen. */
export function ComparisonTable({ caption }: { caption: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-800">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-900">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Feature
            </th>
            {COMPARISON.map((column) => (
              <th key={column.product} scope="col" className="px-4 py-3 font-medium">
                {column.product}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARISON_ROWS.map((row, index) => (
            <tr key={row} className="border-t border-zinc-800">
              <th scope="row" className="px-4 py-3 font-normal text-zinc-300">
                {row}
              </th>
              {COMPARISON.map((column) => {
                const mark = column.marks[index]!;
                return (
                  <td key={column.product} className={`px-4 py-3 ${MARK_CLASS[mark]}`}>
                    {MARK_LABELS[mark]}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
