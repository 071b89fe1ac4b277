/** The value of the first sample in a Prometheus text page whose line starts with `prefix` (NaN: none). */
export const metricSample = (text: string, prefix: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(prefix))
      ?.split(" ")
      .at(-1) ?? Number.NaN,
  );
