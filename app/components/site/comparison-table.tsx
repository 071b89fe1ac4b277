import { useTranslation } from "react-i18next";
import { COMPARISON, COMPARISON_ROWS, type Mark } from "./site-content";

const MARK_CLASS: Record<Mark, string> = {
  yes: "text-emerald-400",
  no: "text-zinc-400",
  soon: "text-amber-300",
};

/** Yes / No / Coming soon per product; scrolls sideways inside itself on a narrow screen. */
export function ComparisonTable() {
  const { t } = useTranslation("site");
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-800">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{t("comparison.caption")}</caption>
        <thead className="bg-zinc-900">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("comparison.feature")}
            </th>
            {COMPARISON.map((column) => (
              <th key={column.product} scope="col" className="px-4 py-3 font-medium">
                {t(`comparison.products.${column.product}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARISON_ROWS.map((row, index) => (
            <tr key={row} className="border-t border-zinc-800">
              <th scope="row" className="px-4 py-3 font-normal text-zinc-300">
                {t(`comparison.rows.${row}`)}
              </th>
              {COMPARISON.map((column) => {
                const mark = column.marks[index]!;
                return (
                  <td key={column.product} className={`px-4 py-3 ${MARK_CLASS[mark]}`}>
                    {t(`comparison.marks.${mark}`)}
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
