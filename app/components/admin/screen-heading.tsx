import type { ReactNode } from "react";

/** A console screen's title, with the line under it that says what the screen is for. */
export function ScreenHeading({ title, intro }: { title: string; intro: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-zinc-400">{intro}</p>
    </div>
  );
}
