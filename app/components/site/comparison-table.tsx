import { useTranslation } from "react-i18next";
import { HeadingRow, TitledSection } from "./sections";
import { COMPARISON, COMPARISON_ROWS, type Mark } from "./site-content";

const MARK_CLASS: Record<Mark, string> = {
  yes: "text-emerald-400",
  no: "text-zinc-400",
  soon: "text-amber-300",
};

type Cell = { key: string; text: string; className?: string };

/**
 * A boxed table with a title on each row and a column per thing compared; it scrolls sideways inside itself
 * on a narrow screen. `minWidth` is the Tailwind class below which it scrolls. The scrolling frame is a region
 * named by the caption, in the tab order, so a keyboard can scroll it too.
 */
export function FeatureTable({
  caption,
  columns,
  rows,
  minWidth,
  className,
}: {
  caption: string;
  columns: string[];
  rows: { label: string; cells: Cell[] }[];
  /** A table of many columns keeps this width and scrolls on a phone; without one it fits the screen. */
  minWidth?: string;
  className?: string;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={[className, "scroll-cue overflow-x-auto rounded-lg border border-zinc-800"]
        .filter(Boolean)
        .join(" ")}
    >
      <table className={["w-full text-left text-sm", minWidth].filter(Boolean).join(" ")}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-900">
          <HeadingRow columns={columns} cellClass={() => "px-3 py-3 font-medium sm:px-4"} />
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-zinc-800">
              <th scope="row" className="px-3 py-3 font-normal text-zinc-300 sm:px-4">
                {row.label}
              </th>
              {row.cells.map((cell) => (
                <td
                  key={cell.key}
                  className={["px-3 py-3 sm:px-4", cell.className].filter(Boolean).join(" ")}
                >
                  {cell.text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Yes / No / Coming soon per product. */
export function ComparisonTable() {
  const { t } = useTranslation("site");
  return (
    <FeatureTable
      caption={t("comparison.caption")}
      minWidth="min-w-[36rem]"
      columns={[
        t("comparison.feature"),
        ...COMPARISON.map((column) => t(`comparison.products.${column.product}`)),
      ]}
      rows={COMPARISON_ROWS.map((row, index) => ({
        label: t(`comparison.rows.${row}`),
        cells: COMPARISON.map((column) => {
          const mark = column.marks[index]!;
          return { key: column.product, text: t(`comparison.marks.${mark}`), className: MARK_CLASS[mark] };
        }),
      }))}
    />
  );
}

/** The comparison as a titled section of its own, as /features and /pricing show it. */
export function ComparisonSection({ id, title }: { id: string; title: string }) {
  return (
    <TitledSection id={id} title={title}>
      <div className="mt-6">
        <ComparisonTable />
      </div>
    </TitledSection>
  );
}
