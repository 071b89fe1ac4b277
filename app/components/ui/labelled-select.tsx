import type { ComponentProps } from "react";

/** A select named by its label (`labelClassName="sr-only"`: for screen readers only); the options are the children. */
export function LabelledSelect({
  id,
  label,
  labelClassName,
  ...select
}: ComponentProps<"select"> & { id: string; label: string; labelClassName: string }) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} {...select} />
    </>
  );
}
