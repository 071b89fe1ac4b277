import { useTranslation } from "react-i18next";

type TestimonialText = { name: string; role: string; quote: string };

/** The users' words (site.json, testimonials), in the page's language and in the file's order. */
export function useTestimonials(): TestimonialText[] {
  const { t } = useTranslation("site");
  return Object.values(t("testimonials", { returnObjects: true }));
}

/** One user's words and who they are; the carousel and the pricing page frame it each their own way. */
export function Testimonial({ testimonial }: { testimonial: TestimonialText }) {
  const { t } = useTranslation("site");
  return (
    <>
      <blockquote className="text-zinc-300">{t("quote", { quote: testimonial.quote })}</blockquote>
      <p className="mt-3 text-sm font-medium">
        {testimonial.name} <span className="text-zinc-400">· {testimonial.role}</span>
      </p>
    </>
  );
}
