import { Link } from "@remix-run/react";
import { forwardRef, type ComponentType } from "react";

/**
 * A chat's action as an icon named by `label`: a link to the action's own page, which is all there is without
 * JavaScript; with it, `onOpen` (an in-place editor, a dialog) runs instead of following the link.
 */
export const ChatActionLink = forwardRef<
  HTMLAnchorElement,
  {
    to: string;
    label: string;
    icon: ComponentType<{ className?: string }>;
    className?: string;
    onOpen?: () => void;
  }
>(function ChatActionLink({ to, label, icon: Icon, className = "icon-btn", onOpen }, ref) {
  return (
    <Link
      ref={ref}
      to={to}
      aria-label={label}
      title={label}
      className={className}
      onClick={
        onOpen &&
        ((event) => {
          event.preventDefault();
          onOpen();
        })
      }
    >
      <Icon className="h-4 w-4" />
    </Link>
  );
});
