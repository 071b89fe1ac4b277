import { Link } from "@remix-run/react";
import { Logo } from "~/components/logo";

const COLUMNS = [
  {
    title: "Product",
    links: [
      { to: "/features", label: "Features" },
      { to: "/pricing", label: "Pricing" },
      { to: "/chat", label: "Chat" },
    ],
  },
  {
    title: "Developers",
    links: [
      { to: "/docs", label: "Docs" },
      { to: "/api", label: "API" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/signin", label: "Sign In" },
      { to: "/signup", label: "Sign Up" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-zinc-800 px-4 py-12">
      <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-zinc-400">
            Private, uncensored AI chat with the models you choose.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-zinc-400 hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="mx-auto mt-10 max-w-6xl text-xs text-zinc-400">© 2026 Rogue AI. Version 1.0.0.</p>
    </footer>
  );
}
