/**
 * The landing page's moving parts. Each renders a complete, readable page without JavaScript (the first
 * example highlighted, every slide in a scrollable row, the banner left out) and adds its behaviour on hydration.
 */
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useScrolledPast } from "~/components/ui/use-scrolled-past";
import { Testimonial, useTestimonials } from "./testimonial";

const ROTATE_MS = 3000;
const BANNER_AFTER_PX = 800;

export function RotatingExamples({ label, examples }: { label: string; examples: readonly string[] }) {
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setActive((i) => (i + 1) % examples.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [examples.length]);
  return (
    <ul aria-label={label} className="space-y-3">
      {examples.map((example, index) => (
        <li
          key={example}
          data-active={index === active}
          className={`rounded-lg border px-4 py-3 transition-colors ${
            index === active ? "border-brand bg-brand/15 text-white" : "border-zinc-800 text-zinc-400"
          }`}
        >
          {example}
        </li>
      ))}
    </ul>
  );
}

/** 1, 2 or 3 slides by width, like Tailwind's md and lg breakpoints. */
function usePerView() {
  const [perView, setPerView] = useState(1);
  useEffect(() => {
    const lg = window.matchMedia("(min-width: 1024px)");
    const md = window.matchMedia("(min-width: 768px)");
    const update = () => setPerView(lg.matches ? 3 : md.matches ? 2 : 1);
    update();
    lg.addEventListener("change", update);
    md.addEventListener("change", update);
    return () => {
      lg.removeEventListener("change", update);
      md.removeEventListener("change", update);
    };
  }, []);
  return perView;
}

export function TestimonialCarousel() {
  const { t } = useTranslation("site");
  const testimonials = useTestimonials();
  const hydrated = useHydrated();
  const [start, setStart] = useState(0);
  const perView = usePerView();
  const count = testimonials.length;
  const move = useCallback((step: number) => setStart((i) => (i + step + count) % count), [count]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") move(-1);
    else if (event.key === "ArrowRight") move(1);
    else return;
    event.preventDefault();
  };
  // Looping: the visible slides are `perView` in a row from `start`, wrapping past the last.
  const visible = hydrated
    ? Array.from({ length: perView }, (_, k) => testimonials[(start + k) % count]!)
    : testimonials;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("carousel.label")}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-light"
    >
      {/* Without JavaScript the track scrolls sideways: a tab stop of its own lets a keyboard scroll it. */}
      <ul
        tabIndex={hydrated ? undefined : 0}
        aria-live={hydrated ? "polite" : undefined}
        data-testid="carousel-track"
        className={
          hydrated
            ? "grid gap-4 md:grid-cols-2 lg:grid-cols-3"
            : "flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2"
        }
      >
        {visible.map((testimonial) => (
          <li
            key={testimonial.name}
            aria-roledescription="slide"
            className={`rounded-lg border border-zinc-800 p-5 ${hydrated ? "" : "w-72 shrink-0 snap-start"}`}
          >
            <Testimonial testimonial={testimonial} />
          </li>
        ))}
      </ul>
      {hydrated ? (
        <div className="mt-4 flex justify-center gap-3">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => move(-1)}
            aria-label={t("carousel.previous")}
          >
            ←
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => move(1)}
            aria-label={t("carousel.next")}
          >
            →
          </button>
        </div>
      ) : null}
    </section>
  );
}

export function StickyBanner() {
  const { t } = useTranslation("site");
  const shown = useScrolledPast(BANNER_AFTER_PX);
  if (!shown) return null;
  return (
    <div
      data-testid="sticky-banner"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-brand/50 bg-zinc-950/95 px-4 py-3 backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <p className="text-sm text-zinc-300">{t("landing.banner.text")}</p>
        <Link to="/chat" className="btn-primary">
          {t("landing.banner.cta")}
        </Link>
      </div>
    </div>
  );
}
