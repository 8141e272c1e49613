/** Home's banners and news picture. The art is the app's own, in public/images/home. */
import { Link } from "@remix-run/react";

const BANNERS = [
  {
    title: "Use it up before it spoils",
    text: "Tell us what's in your fridge and get recipes that finish it.",
    image: "/images/home/banner-fridge.svg",
    link: { to: "/search", label: "Add ingredients" },
  },
  {
    title: "Every meal you finish saves CO2",
    text: "Food you cook instead of throwing away never has to be grown twice.",
    image: "/images/home/banner-planet.svg",
    link: { to: "/menu-suggestion", label: "See suggestions" },
  },
  {
    title: "Show us what you cooked",
    text: "Share a photo of your dish and see what other home cooks made.",
    image: "/images/home/banner-community.svg",
    link: { to: "/community", label: "Visit the community" },
  },
];

export function HomeBanners() {
  return (
    <section className="home-banners" aria-label="Highlights">
      <ul>
        {BANNERS.map((banner) => (
          <li key={banner.title} className="home-banner">
            <img src={banner.image} alt="" width={320} height={160} />
            <div>
              <h2>{banner.title}</h2>
              <p>{banner.text}</p>
              <Link to={banner.link.to}>{banner.link.label}</Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HomeNews() {
  return (
    <section className="home-news" aria-labelledby="home-news-title">
      <h2 id="home-news-title">News</h2>
      <figure>
        <img
          src="/images/home/news-market.svg"
          alt="A market stall with oranges, greens, tomatoes and squash"
          width={640}
          height={300}
          loading="lazy"
        />
        <figcaption>
          Markets are full of squash, apples and greens this season: add what you bought and we&apos;ll find a recipe.
        </figcaption>
      </figure>
    </section>
  );
}
