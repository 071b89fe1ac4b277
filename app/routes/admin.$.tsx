import { redirect } from "@remix-run/node";
import { adminAction, adminLoader } from "~/routes-support/admin/access.server";

/** Unknown admin paths go to the dashboard (docs/product.md §1). */
export const loader = adminLoader(() => redirect("/admin"));

export const action = adminAction(() => redirect("/admin"));
