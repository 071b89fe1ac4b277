import type { MetaFunction } from "@remix-run/react";
import { Link } from "@remix-run/react";
import { PageSection, PageShell } from "~/components/site/page-shell";
import { SUPPORT_EMAIL } from "~/modules/billing/prices";

export const meta: MetaFunction = () => [{ title: "About — Rogue AI" }];

export default function AboutPage() {
  return (
    <PageShell
      title="About Rogue AI"
      lead="A private chat with open AI models, for people who want the answer to the question they asked."
    >
      <PageSection title="What we build">
        <p>
          Rogue AI is a web chat in front of several AI providers (Together AI, Novita, ModelsLab and any
          OpenAI-compatible endpoint). You pick the model; if a provider fails, your request moves to another.
        </p>
      </PageSection>
      <PageSection title="How we treat your data">
        <p>
          Your chats are stored so you can come back to them, visible only to your account. We do not sell
          them or use them to train models. Card numbers never reach our database: an order keeps only the
          card&apos;s brand and last four digits.
        </p>
      </PageSection>
      <PageSection title="Contact">
        <p>
          Write to{" "}
          <a className="text-brand-light underline hover:text-white" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          , or read the{" "}
          <Link to="/docs" className="text-brand-light underline hover:text-white">
            documentation
          </Link>
          .
        </p>
      </PageSection>
    </PageShell>
  );
}
