import { Outlet } from "@remix-run/react";
import { PublicHeader } from "~/components/public-header";

export default function PublicLayout() {
  return (
    <>
      <PublicHeader />
      <Outlet />
    </>
  );
}
