import { Outlet } from "@remix-run/react";
import { BottomNav } from "~/components/bottom-nav";

export default function TabsLayout() {
  return (
    <div className="tabs-layout">
      <div className="tabs-content">
        <Outlet />
      </div>
      <BottomNav />
    </div>
  );
}
