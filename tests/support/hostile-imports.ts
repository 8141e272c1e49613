/**
 * The two uploads that froze the server in the outside test of 8df6c02 (issue 26), built as the tester sent them:
 * a JSON-LD file whose every ingredient line is 1,999 "(" then "z", and a page whose microdata description is
 * `levels` nested itemprop divs around a large text.
 */

/** 10 recipes × 200 ingredient lines of 1,999 "(" and a "z": about 4 MB. */
export function bracketBombJsonLd(recipes = 10, lines = 200): string {
  const line = `${"(".repeat(1_999)}z`;
  return JSON.stringify(
    Array.from({ length: recipes }, (_, index) => ({
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: `Bracket soup ${index + 1}`,
      recipeIngredient: Array.from({ length: lines }, () => line),
      recipeInstructions: [{ "@type": "HowToStep", text: "Stir." }],
    }))
  );
}

/** A microdata Recipe whose description is `levels` nested itemprop divs around `textBytes` of text. */
export function nestedMicrodataPage(levels: number, textBytes: number): string {
  const text = "lorem ipsum dolor sit amet ".repeat(Math.ceil(textBytes / 27)).slice(0, textBytes);
  return `<!doctype html><html><body><div itemscope itemtype="https://schema.org/Recipe">
<h1 itemprop="name">Nested soup</h1>
${'<div itemprop="description">'.repeat(levels)}${text}${"</div>".repeat(levels)}
<ul><li itemprop="recipeIngredient">1 onion</li></ul>
<p itemprop="recipeInstructions">Chop the onion.</p>
</div></body></html>`;
}
