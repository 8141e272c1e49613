import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { MenuDetailPending } from "~/components/menu-detail-pending";
import { useNonce } from "~/components/nonce";
import { SideNav } from "~/components/side-nav";
import { takeFlash } from "~/services/session.server";
import styles from "~/styles/app.css";

// zod decides whether it may compile its parsers by trying `new Function`, and under our CSP (no 'unsafe-eval') the
// browser reports that attempt as a violation. Its documented switch, set before any screen's schemas load (the
// root module is evaluated first), skips the attempt. Browser only: the server has no CSP and keeps the compiler.
if (typeof document !== "undefined") {
  const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (zodHolder.__zod_globalConfig ??= {}).jitless = true;
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/app-icons/icon-192.png" },
];

export const meta: MetaFunction = () => [{ title: "Recipe Helper" }];

/** The message a redirect sent to this screen, read here once for every screen; `<Flash />` shows it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { flash, headers } = await takeFlash(request);
  return data({ flash }, { headers });
}

/**
 * Read again on every move to another screen, not only after a form: a message belongs to the screen it was
 * shown on, and must not come back on the next one. Not after a tap the shopping list queued offline: the server
 * has not seen it (and could not be reached).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  !(actionResult as { queued?: boolean } | undefined)?.queued &&
  (defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname);

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f7d4f" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <SideNav />
      <Outlet />
      <MenuDetailPending />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Details stay in the server log; users get a plain explanation and a way back.
  return (
    <main className="error-screen">
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "We couldn't find the page you were looking for."
          : "Sorry, an unexpected error occurred. Please try again."}
      </p>
      <Link to="/home" className="button button-primary">
        Go to Home
      </Link>
    </main>
  );
}
