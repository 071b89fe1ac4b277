import type { ReactNode } from "react";

/** Times to first token in the tables, as Intl number options: "1,234 ms", "1 234 ms". */
export const MILLISECONDS = { style: "unit", unit: "millisecond", maximumFractionDigits: 0 } as const;

/**
 * The console's tables: a header row of column names over the rows, scrolling sideways on a narrow screen. The
 * scrolling frame is a named region in the tab order, so a keyboard can scroll it too.
 */
export function DataTable({
  label,
  columns,
  testId,
  framed = false,
  children,
}: {
  label: string;
  columns: string[];
  testId?: string;
  framed?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`scroll-cue min-w-0 overflow-x-auto ${framed ? "rounded-xl border border-zinc-800 p-3" : ""}`}
    >
      <table className="w-full text-left text-sm [&_td]:whitespace-nowrap" data-testid={testId}>
        <thead className="text-zinc-400">
          <tr>
            {columns.map((column) => (
              <th key={column} className="whitespace-nowrap py-1 pr-4 font-normal last:pr-0">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
