import { SUPPORT_EMAIL } from "~/modules/billing/prices";

/** A link inside running text. */
export const TEXT_LINK_CLASS = "text-brand-light underline hover:text-white";

/** The support address as a mail link, for a translation's `<email>` tag (its text is the address itself). */
export const supportEmailLink = <a className={TEXT_LINK_CLASS} href={`mailto:${SUPPORT_EMAIL}`} />;
