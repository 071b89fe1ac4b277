import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { apiExamples } from "~/modules/api/api-docs";

/** The loader of a page that shows the API examples: the origin the visitor reached this server at. */
export const originLoader = ({ request }: LoaderFunctionArgs) => ({ origin: new URL(request.url).origin });

/** The API examples, written against the origin the page's loader (`originLoader`) read. */
export function useApiExamples() {
  const { origin } = useLoaderData<typeof originLoader>();
  return apiExamples(origin);
}
