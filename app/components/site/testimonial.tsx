import type { TESTIMONIALS } from "./site-content";

/** One user's words and who they are; the carousel and the pricing page frame it each their own way. */
export function Testimonial({ testimonial }: { testimonial: (typeof TESTIMONIALS)[number] }) {
  return (
    <>
      <blockquote className="text-zinc-300">“{testimonial.quote}”</blockquote>
      <p className="mt-3 text-sm font-medium">
        {testimonial.name} <span className="text-zinc-400">· {testimonial.role}</span>
      </p>
    </>
  );
}
