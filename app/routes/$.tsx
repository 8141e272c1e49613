// Any unknown path: answered with a 404 and rendered by the root error boundary.
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export async function action() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
