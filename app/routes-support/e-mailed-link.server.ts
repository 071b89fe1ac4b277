/**
 * The loader of a page an e-mailed link opens (/reset-password/:token, /verify-email/:token): the address the
 * link is for while it can be used, else the catalogue's reason with its status (docs/product.md §7).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { AccountTokenPurpose } from "#db/schema";
import { LinkRefusal, usableToken } from "~/modules/auth/account-tokens.server";
import { db } from "~/modules/server-context.server";

export const emailedLinkLoader =
  (purpose: AccountTokenPurpose) =>
  async ({ params }: LoaderFunctionArgs) => {
    try {
      const row = await usableToken(db(), params.token ?? "", purpose);
      return { email: row.email, problem: null };
    } catch (error) {
      if (!(error instanceof LinkRefusal)) throw error;
      return data({ email: null, problem: error.message }, { status: error.status });
    }
  };
