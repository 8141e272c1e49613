import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { getUserId } from "~/services/session.server";

export const meta: MetaFunction = () => [
  { title: "Recipe Helper · Cook with what you have" },
  {
    name: "description",
    content: "Turn what's in your fridge into recipes, waste less food and see the CO2 you save.",
  },
];

const SLIDES = [
  {
    id: "intro",
    title: "Cook with what you have",
    text: "Type or photograph what's in your fridge and get recipes that use it up.",
    icon: "carrot",
  },
  {
    id: "mission",
    title: "Waste less, save CO2",
    text: "A third of all food is thrown away. Every meal you cook from leftovers saves money and emissions.",
    icon: "globe-showing-europe-africa",
  },
  {
    id: "join",
    title: "Join the kitchen",
    text: "Save favourites, tick off steps as you cook, and share your dishes with the community.",
    icon: "pot-of-food",
  },
];

/** The slide the address names (`?slide=2`, 1-based), so that a dot works as a plain link without JavaScript. */
function slideOf(url: string): number {
  const asked = Number(new URL(url).searchParams.get("slide"));
  return Number.isInteger(asked) && asked >= 1 && asked <= SLIDES.length ? asked - 1 : 0;
}

const slidePath = (index: number) => `/?slide=${index + 1}#slide-${SLIDES[index].id}`;

export async function loader({ request }: LoaderFunctionArgs) {
  if ((await getUserId(request)) !== null) throw redirect("/home");
  return { slide: slideOf(request.url) };
}

export default function Onboarding() {
  const { slide } = useLoaderData<typeof loader>();
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(slide);

  const goTo = useCallback((index: number) => {
    const track = trackRef.current;
    if (!track) return;
    const clamped = Math.max(0, Math.min(SLIDES.length - 1, index));
    track.scrollTo({ left: clamped * track.clientWidth, behavior: "smooth" });
    setCurrent(clamped);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") goTo(current + 1);
      if (event.key === "ArrowLeft") goTo(current - 1);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [current, goTo]);

  const onScroll = () => {
    const track = trackRef.current;
    if (track && track.clientWidth) setCurrent(Math.round(track.scrollLeft / track.clientWidth));
  };

  const onDotClick = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    event.preventDefault();
    goTo(index);
  };

  return (
    <main className="onboarding">
      <h1 className="visually-hidden">Recipe Helper</h1>
      {/* focusable, so that the slides can be scrolled with the keyboard too */}
      <div
        className="slides"
        ref={trackRef}
        onScroll={onScroll}
        role="region"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus
        tabIndex={0}
        aria-roledescription="carousel"
        aria-label="Welcome to Recipe Helper"
      >
        {SLIDES.map((slide, index) => (
          <section
            key={slide.id}
            id={`slide-${slide.id}`}
            className="slide"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${SLIDES.length}`}
          >
            <div className="slide-art">
              <img src={`/icons/${slide.icon}`} alt="" width={112} height={112} />
            </div>
            <h2>{slide.title}</h2>
            <p>{slide.text}</p>
          </section>
        ))}
      </div>
      <nav className="dots" aria-label="Slides">
        {SLIDES.map((slide, index) => (
          <a
            key={slide.id}
            href={slidePath(index)}
            className="dot"
            aria-label={`Slide ${index + 1}: ${slide.title}`}
            aria-current={index === current ? "true" : undefined}
            onClick={(event) => onDotClick(event, index)}
          />
        ))}
      </nav>
      <Link to="/login" className="button button-primary onboarding-cta">
        GET STARTED
      </Link>
    </main>
  );
}
