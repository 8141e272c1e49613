import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { BackIcon } from "~/components/icon-frame";

/**
 * While a recipe screen loads (JavaScript navigation), 'Loading menu details...' with a Back button that
 * stays on the current screen. Without JavaScript the browser shows its own loading state.
 */
export function MenuDetailPending() {
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const target = navigation.state === "loading" && !navigation.formMethod ? navigation.location : undefined;
  if (!target?.pathname.startsWith("/menu-detail") || target.pathname === location.pathname) return null;
  return (
    <div className="menu-detail-pending" role="status">
      <button
        type="button"
        className="icon-button"
        aria-label="Back"
        onClick={() => navigate(location, { replace: true })}
      >
        <BackIcon />
      </button>
      <p>Loading menu details...</p>
    </div>
  );
}
