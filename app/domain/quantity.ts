/**
 * Quantity text of a recipe line ("200 g", "1 1/2 cups", "½ tsp", "2-3", "1 (400 g) can", "to taste"):
 * parsing into an amount and a canonical unit, conversion to grams, and the display abbreviations of the spec.
 */

export type Unit =
  | "g"
  | "kg"
  | "mg"
  | "dag"
  | "oz"
  | "lb"
  | "ml"
  | "cl"
  | "dl"
  | "l"
  | "fl oz"
  | "cup"
  | "pint"
  | "quart"
  | "gallon"
  | "tbsp"
  | "tsp"
  | "pinch"
  | "dash"
  | "piece"
  | "clove"
  | "slice"
  | "can"
  | "handful"
  | "bunch"
  | "sprig"
  | "stalk"
  | "leaf"
  | "stick"
  | "cube"
  | "block"
  | "packet"
  | "jar"
  | "scoop"
  | "knob";

export interface Quantity {
  /** null when the text gives no amount ("to taste", "as needed") */
  amount: number | null;
  /** upper bound of a range ("2-3" → amount 2, maxAmount 3) */
  maxAmount?: number;
  /** canonical unit; null for a bare count ("3") or no amount */
  unit: Unit | null;
  /** weight of one unit stated in the text, as in "1 (400 g) can" */
  gramsPerUnit?: number;
  /** "to taste", "as needed", "optional": amounts too small to weigh */
  negligible: boolean;
}

const UNIT_WORDS: Record<string, Unit> = {
  g: "g",
  gr: "g",
  grs: "g",
  gm: "g",
  gms: "g",
  gram: "g",
  grams: "g",
  gramme: "g",
  grammes: "g",
  kg: "kg",
  kgs: "kg",
  kilo: "kg",
  kilos: "kg",
  kilogram: "kg",
  kilograms: "kg",
  mg: "mg",
  milligram: "mg",
  milligrams: "mg",
  oz: "oz",
  ounce: "oz",
  ounces: "oz",
  lb: "lb",
  lbs: "lb",
  pound: "lb",
  pounds: "lb",
  ml: "ml",
  milliliter: "ml",
  milliliters: "ml",
  millilitre: "ml",
  millilitres: "ml",
  cc: "ml",
  l: "l",
  liter: "l",
  liters: "l",
  litre: "l",
  litres: "l",
  cup: "cup",
  cups: "cup",
  // US measures: a pint is two cups, a quart four, a gallon sixteen
  pint: "pint",
  pints: "pint",
  pt: "pint",
  pts: "pint",
  quart: "quart",
  quarts: "quart",
  qt: "quart",
  qts: "quart",
  gallon: "gallon",
  gallons: "gallon",
  gal: "gallon",
  // "1 C strawberries", "2 c. sugar": the American cookbook abbreviation
  c: "cup",
  tbsp: "tbsp",
  tbsps: "tbsp",
  tbs: "tbsp",
  tbl: "tbsp",
  tablespoon: "tbsp",
  tablespoons: "tbsp",
  tsp: "tsp",
  tsps: "tsp",
  teaspoon: "tsp",
  teaspoons: "tsp",
  pinch: "pinch",
  pinches: "pinch",
  dash: "dash",
  dashes: "dash",
  piece: "piece",
  pieces: "piece",
  pc: "piece",
  pcs: "piece",
  whole: "piece",
  each: "piece",
  small: "piece",
  medium: "piece",
  large: "piece",
  head: "piece",
  heads: "piece",
  fillet: "piece",
  fillets: "piece",
  clove: "clove",
  cloves: "clove",
  slice: "slice",
  slices: "slice",
  rasher: "slice",
  rashers: "slice",
  can: "can",
  cans: "can",
  tin: "can",
  tins: "can",
  handful: "handful",
  handfuls: "handful",
  bunch: "bunch",
  bunches: "bunch",
  sprig: "sprig",
  sprigs: "sprig",
  stalk: "stalk",
  stalks: "stalk",
  stick: "stick",
  sticks: "stick",
  rib: "stalk",
  ribs: "stalk",
  leaf: "leaf",
  leaves: "leaf",
  cube: "cube",
  cubes: "cube",
  block: "block",
  blocks: "block",
  packet: "packet",
  package: "packet",
  packages: "packet",
  pkgs: "packet",
  bag: "packet",
  bags: "packet",
  box: "packet",
  boxes: "packet",
  packets: "packet",
  sachet: "packet",
  sachets: "packet",
  envelope: "packet",
  jar: "jar",
  jars: "jar",
  scoop: "scoop",
  scoops: "scoop",
  knob: "knob",
  knobs: "knob",
  // other European languages, as recipe pages write them
  gramm: "g",
  gramos: "g",
  grammi: "g",
  dag: "dag",
  kilogramm: "kg",
  kilogramos: "kg",
  dl: "dl",
  cl: "cl",
  deciliter: "dl",
  centiliter: "cl",
  litro: "l",
  litros: "l",
  litri: "l",
  el: "tbsp",
  essl: "tbsp",
  essloffel: "tbsp",
  eetlepel: "tbsp",
  eetlepels: "tbsp",
  msk: "tbsp",
  spsk: "tbsp",
  ss: "tbsp",
  cs: "tbsp",
  cas: "tbsp",
  cucharada: "tbsp",
  cucharadas: "tbsp",
  cda: "tbsp",
  cdas: "tbsp",
  lyzka: "tbsp",
  lyzki: "tbsp",
  tl: "tsp",
  teel: "tsp",
  teeloffel: "tsp",
  theelepel: "tsp",
  theelepels: "tsp",
  tsk: "tsp",
  ts: "tsp",
  cac: "tsp",
  cucharadita: "tsp",
  cucharaditas: "tsp",
  cdta: "tsp",
  cdtas: "tsp",
  lyzeczka: "tsp",
  lyzeczki: "tsp",
  tasse: "cup",
  tassen: "cup",
  taza: "cup",
  tazas: "cup",
  kop: "cup",
  kopje: "cup",
  kopjes: "cup",
  szklanka: "cup",
  xicara: "cup",
  xicaras: "cup",
  krm: "pinch",
  prise: "pinch",
  prisen: "pinch",
  snufje: "pinch",
  pizzico: "pinch",
  pizca: "pinch",
  nypa: "pinch",
  stuck: "piece",
  stk: "piece",
  st: "piece",
  stuks: "piece",
  stuk: "piece",
  ks: "piece",
  szt: "piece",
  kpl: "piece",
  sztuka: "piece",
  sztuki: "piece",
  sztuk: "piece",
  szczypta: "pinch",
  szczypty: "pinch",
  darab: "piece",
  db: "piece",
  pieza: "piece",
  piezas: "piece",
  unidad: "piece",
  unidades: "piece",
  pezzi: "piece",
  pezzo: "piece",
  zehe: "clove",
  zehen: "clove",
  teen: "clove",
  teentje: "clove",
  teentjes: "clove",
  gousse: "clove",
  gousses: "clove",
  diente: "clove",
  dientes: "clove",
  spicchio: "clove",
  spicchi: "clove",
  klyfta: "clove",
  klyftor: "clove",
  fed: "clove",
  zabek: "clove",
  dente: "clove",
  dentes: "clove",
  scheibe: "slice",
  scheiben: "slice",
  plak: "slice",
  plakjes: "slice",
  tranche: "slice",
  tranches: "slice",
  rebanada: "slice",
  rebanadas: "slice",
  fetta: "slice",
  fette: "slice",
  skiva: "slice",
  skivor: "slice",
  dose: "can",
  dosen: "can",
  blik: "can",
  blikje: "can",
  boite: "can",
  lata: "can",
  latas: "can",
  burk: "can",
  bund: "bunch",
  bos: "bunch",
  bosje: "bunch",
  botte: "bunch",
  manojo: "bunch",
  mazzo: "bunch",
  knippe: "bunch",
  zweig: "sprig",
  zweige: "sprig",
  takje: "sprig",
  takjes: "sprig",
  brin: "sprig",
  brins: "sprig",
  ramita: "sprig",
  pack: "packet",
  packung: "packet",
  pak: "packet",
  pakje: "packet",
  paquete: "packet",
  sobre: "packet",
  paket: "packet",
  pkt: "packet",
  glas: "jar",
  pot: "jar",
  frasco: "jar",
  vasetto: "jar",
  stange: "stalk",
  stangen: "stalk",
  stengel: "stalk",
  stengels: "stalk",
  msp: "pinch",
  pincee: "pinch",
  pincees: "pinch",
  bouquet: "bunch",
  branche: "sprig",
  branches: "sprig",
  becher: "jar",
  handvoll: "handful",
  // Japanese counters and spoons (the amount comes first once cleanQuantityText has turned 大さじ1 round)
  大さじ: "tbsp",
  小さじ: "tsp",
  カップ: "cup",
  個: "piece",
  本: "piece",
  枚: "slice",
  片: "clove",
  handvol: "handful",
  poignee: "handful",
  punado: "handful",
  manciata: "handful",
  // Italian
  cucchiaio: "tbsp",
  cucchiai: "tbsp",
  cucchiaino: "tsp",
  cucchiaini: "tsp",
  pizzichi: "pinch",
  bustina: "packet",
  bustine: "packet",
  mazzetto: "bunch",
  rametto: "sprig",
  rametti: "sprig",
  lattina: "can",
  barattolo: "jar",
  // Spanish and Portuguese
  cdita: "tsp",
  cditas: "tsp",
  pizcas: "pinch",
  pellizco: "pinch",
  chorrito: "dash",
  ud: "piece",
  uds: "piece",
  sobres: "packet",
  rodaja: "slice",
  rodajas: "slice",
  gramas: "g",
  quilo: "kg",
  quilos: "kg",
  pitada: "pinch",
  pitadas: "pinch",
  pacote: "packet",
  pacotes: "packet",
  unid: "piece",
  unidade: "piece",
  fatia: "slice",
  fatias: "slice",
  maco: "bunch",
  // German, Dutch and the Nordic languages
  packchen: "packet",
  pck: "packet",
  pkg: "packet",
  wurfel: "cube",
  spritzer: "dash",
  schuss: "dash",
  stiel: "sprig",
  stiele: "sprig",
  zakje: "packet",
  zakjes: "packet",
  pakjes: "packet",
  scheutje: "dash",
  snuifje: "pinch",
  mespunt: "pinch",
  mespuntje: "pinch",
  potje: "jar",
  blikjes: "can",
  knivspids: "pinch",
  klype: "pinch",
  dase: "can",
  pakke: "packet",
  forp: "packet",
  kvist: "sprig",
  kviste: "sprig",
  kvistar: "sprig",
  skive: "slice",
  skiver: "slice",
  // Polish (ł read as l)
  lyzek: "tbsp",
  lyzeczek: "tsp",
  szklanki: "cup",
  szklanek: "cup",
  zabki: "clove",
  zabkow: "clove",
  peczek: "bunch",
  opakowanie: "packet",
  puszka: "can",
  puszki: "can",
  plaster: "slice",
  plastry: "slice",
  garsc: "handful",
  // Czech and Slovak ("čl" is read apart: without its caron it is a centilitre)
  lzice: "tbsp",
  lzic: "tbsp",
  lzicka: "tsp",
  lzicky: "tsp",
  lzicek: "tsp",
  lyzica: "tbsp",
  lyzice: "tbsp",
  lyzic: "tbsp",
  lyzicka: "tsp",
  lyzicky: "tsp",
  lyziciek: "tsp",
  pl: "tbsp",
  strouzek: "clove",
  strouzky: "clove",
  strucik: "clove",
  struciky: "clove",
  strucikov: "clove",
  stipka: "pinch",
  spetka: "pinch",
  hrnek: "cup",
  hrncek: "cup",
  balicek: "packet",
  balik: "packet",
  plechovka: "can",
  // Hungarian
  dkg: "dag",
  evokanal: "tbsp",
  evokanalnyi: "tbsp",
  ek: "tbsp",
  teaskanal: "tsp",
  teaskanalnyi: "tsp",
  tk: "tsp",
  kaveskanal: "tsp",
  kaveskanalnyi: "tsp",
  kk: "tsp",
  csipet: "pinch",
  csipetnyi: "pinch",
  gerezd: "clove",
  csokor: "bunch",
  csomag: "packet",
  tasak: "packet",
  bogre: "cup",
  szelet: "slice",
  // Russian, Ukrainian and Bulgarian
  г: "g",
  гр: "g",
  грамм: "g",
  грамма: "g",
  граммов: "g",
  кг: "kg",
  мг: "mg",
  мл: "ml",
  л: "l",
  литр: "l",
  литра: "l",
  шт: "piece",
  штук: "piece",
  штуки: "piece",
  бр: "piece",
  зубчик: "clove",
  зубчика: "clove",
  зубчиков: "clove",
  скилидка: "clove",
  скилидки: "clove",
  стакан: "cup",
  стакана: "cup",
  склянка: "cup",
  склянки: "cup",
  щепотка: "pinch",
  щепотки: "pinch",
  пучок: "bunch",
  пучка: "bunch",
  банка: "can",
  банки: "can",
  ломтик: "slice",
  ломтика: "slice",
  ломтиков: "slice",
  // Greek (accents dropped)
  γρ: "g",
  κιλο: "kg",
  σκελιδα: "clove",
  σκελιδες: "clove",
  φλιτζανι: "cup",
  φλιτζανια: "cup",
  // Chinese
  克: "g",
  公克: "g",
  公斤: "kg",
  千克: "kg",
  毫升: "ml",
};

/** Words that may precede "oz" to make it a volume. */
const FLUID = new Set(["fl", "fluid"]);

const GRAMS_PER: Partial<Record<Unit, number>> = { g: 1, kg: 1000, mg: 0.001, dag: 10, oz: 28.35, lb: 453.6 };
const MILLILITRES_PER: Partial<Record<Unit, number>> = {
  ml: 1,
  cl: 10,
  dl: 100,
  l: 1000,
  "fl oz": 29.57,
  cup: 236.6,
  pint: 473.2,
  quart: 946.4,
  gallon: 3785,
  tbsp: 14.79,
  tsp: 4.93,
};
/** Fractions of a teaspoon when the ingredient has no weight of its own for them. */
const TEASPOONS_PER: Partial<Record<Unit, number>> = { pinch: 1 / 16, dash: 1 / 8 };

export const VULGAR_FRACTIONS: Record<string, number> = {
  "½": 1 / 2,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
  "¼": 1 / 4,
  "¾": 3 / 4,
  "⅕": 1 / 5,
  "⅖": 2 / 5,
  "⅗": 3 / 5,
  "⅘": 4 / 5,
  "⅙": 1 / 6,
  "⅚": 5 / 6,
  "⅛": 1 / 8,
  "⅜": 3 / 8,
  "⅝": 5 / 8,
  "⅞": 7 / 8,
};

/** Quantity texts that stand in for an amount ("salt, to taste"): valid, and weighed as nothing. */
export const AMOUNTLESS_QUANTITIES = ["to taste", "as needed", "optional"] as const;

const NEGLIGIBLE =
  /\b(to taste|as needed|as required|optional|for (serving|garnish|frying|greasing|dusting)|a little|some)\b/i;

/** A plural ending in brackets: "pound(s)", "pinch(es)", German "Stange(n)", "Zehe(n)", Dutch "ei(eren)". */
const PLURAL_MARKER = /\((?:s|es|n|en|e|er|eren|r)\)$/;

/** Unit word as written → canonical unit, or null when the word is not a unit. */
export function unitOf(word: string): Unit | null {
  // the American cookbook abbreviations, told apart by their case: "1 T butter" a tablespoon, "1 t. salt" a teaspoon
  const spoon = /^(T|t|TB)\.?$/.exec(word)?.[1];
  if (spoon) return spoon === "t" ? "tsp" : "tbsp";
  // Czech and Slovak "čl" (čajová lžička) is a teaspoon, not the centilitre its letters make without the caron
  if (/^čl\.?$/i.test(word)) return "tsp";
  const key = word
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .replace(/ł/g, "l")
    .replace(PLURAL_MARKER, "")
    .replace(/\.$/, "");
  return Object.hasOwn(UNIT_WORDS, key) ? UNIT_WORDS[key] : null;
}

/** The vulgar fraction characters, for a character class: "½⅓⅔¼¾…". */
export const VULGAR_CHARACTERS = Object.keys(VULGAR_FRACTIONS).join("");
const VULGAR = `[${VULGAR_CHARACTERS}]`;
const WHOLE_AND_VULGAR = new RegExp(`^(\\d*)(${VULGAR})$`);
/** "and" between a whole number and a fraction: "1 and 1/2", "1 i 1/2" (Polish), "0 e 1/2" (Portuguese). */
const AND_WORDS = "and|i|e|y|et|und|en|och|og|és|と";
const AND = new RegExp(`^(?:${AND_WORDS})$`, "i");
/**
 * An amount as recipes write it, as a pattern for others to build on: "2", "1.5", "1 1/2", "1 and 1/2", "1½", "¾". A
 * fraction may have a space on either side of its bar ("1 /2", as some pages print ½), or the fraction slash ("1⁄4").
 */
export const NUMBER = String.raw`\d+\s+(?:(?:${AND_WORDS})\s+)?\d+ ?[\/⁄] ?\d+|\d+ ?[\/⁄] ?\d+|\d+(?:[.,]\d+)?(?:\s*${VULGAR})?|${VULGAR}`;
/** "or" in English and the catalogue's other languages, for a pattern: between a range's ends or before an alternative. */
export const OR_WORDS = "or|ou|o|oder|eller|lub|vagy";
/** "to" and "or" between the two ends of a range, in English and the catalogue's other languages ("1 à 2", "2 bis 3"). */
const RANGE = String.raw`-|–|—|(?:to|à|a|bis|tot|till|til|${OR_WORDS})(?=\s)`;
/** Two amounts added before their one unit: "1/4 + 1/8 teaspoon", "1 + 1 eetlepel". */
const SUM = String.raw`(?:${NUMBER})(?:\s*\+\s*(?:${NUMBER}))?`;
const LEADING_AMOUNT = new RegExp(String.raw`^(${SUM})(?:\s*(?:${RANGE})\s*(${NUMBER}))?`, "i");

function parseNumber(text: string): number {
  let total = 0;
  for (const part of text
    .trim()
    .replace(/ ?[/⁄] ?/g, "/")
    .replace(/\s*\+\s*/g, " + ")
    .split(/\s+/)) {
    if (AND.test(part) || part === "+") continue;
    const vulgar = part.match(WHOLE_AND_VULGAR);
    if (vulgar) total += Number(vulgar[1] || 0) + VULGAR_FRACTIONS[vulgar[2]];
    else if (part.includes("/")) {
      const [numerator, denominator] = part.split("/").map(Number);
      total += numerator / denominator;
    } else total += Number(part.replace(",", "."));
  }
  return total;
}

/**
 * Spoons and cups other languages write in two words or as initials: Russian "ст. л." and "ч. л.", "столовая ложка",
 * Bulgarian "с.л." and "ч.ч.", Greek "κ.σ." and "κ.γ.", Turkish "yemek kaşığı", "çay kaşığı" and "su bardağı".
 */
const TABLESPOON_PHRASE = String.raw`ст\.\s*л\.?|с\.\s*л\.?|столов[а-яё]*\s+ложк[а-яё]*|κ\.\s*σ\.?|yemek\s+kaşı[ğg]ı`;
const TEASPOON_PHRASE = String.raw`ч\.\s*л\.?|чайн[а-яё]*\s+ложк[а-яё]*|κ\.\s*γ\.?|çay\s+kaşı[ğg]ı`;
const CUP_PHRASE = String.raw`ч\.\s*ч\.?|su\s+barda[ğg]ı`;
const SPOON_PHRASES = `${TABLESPOON_PHRASE}|${TEASPOON_PHRASE}|${CUP_PHRASE}`;
/** Units written in several words; read as the unit their words name (PHRASE_UNITS), else their first word's. */
const UNIT_PHRASES = new RegExp(
  String.raw`^(?:fl\.?\s*oz\.?|fluid\s+ounces?|c\.\s*(?:[àa]\s*)?(?:soupe|caf[ée]|s|c)\.?|cuill(?:[eè]res?\s+|\.\s*)[àa]\s+(?:soupe|caf[ée])` +
    String.raw`|(?:colher(?:es)?\s+|c\.\s*)(?:\(\s*)?(?:de\s+)?(?:sopa|ch[áa]|caf[ée])(?:\s*\))?|x[íi]caras?\s+\(\s*(?:de\s+)?ch[áa]\s*\)` +
    String.raw`|cucharadas?\s+soperas?|${SPOON_PHRASES})(?![a-z])`,
  "i"
);
/** The spoon phrases of French and Portuguese: "c. à soupe", "colher (sopa)" a tablespoon, "colher (chá)" a teaspoon. */
const PHRASE_UNITS: [RegExp, Unit][] = [
  [
    /^(?:c\.\s*(?:[àa]\s*)?s\b|c\.\s*[àa]\s*soupe|cuill(?:[eè]res?\s+|\.\s*)[àa]\s+soupe|(?:colher(?:es)?\s+|c\.\s*)\(?\s*(?:de\s+)?sopa)/i,
    "tbsp",
  ],
  [
    /^(?:c\.\s*(?:[àa]\s*)?c\b|c\.\s*[àa]\s*caf[ée]|cuill(?:[eè]res?\s+|\.\s*)[àa]\s+caf[ée]|(?:colher(?:es)?\s+|c\.\s*)\(?\s*(?:de\s+)?(?:ch[áa]|caf[ée]))/i,
    "tsp",
  ],
  [new RegExp(`^(?:${TABLESPOON_PHRASE})`, "i"), "tbsp"],
  [new RegExp(`^(?:${TEASPOON_PHRASE})`, "i"), "tsp"],
  [new RegExp(`^(?:${CUP_PHRASE})`, "i"), "cup"],
];
/**
 * Unit words in Han characters after an amount, with or without a space after them: "125 克 细砂糖", "150克鸡胸肉",
 * "2個". Longest first, so "公克" is not read as "公" then "克".
 */
const CJK_UNIT = new RegExp(
  `^(?:${Object.keys(UNIT_WORDS)
    .filter((word) => /^\p{Script=Han}+$/u.test(word))
    .sort((a, b) => b.length - a.length)
    .join("|")})`
);
/** Letters a unit word may be written in: Latin, Greek, Cyrillic. */
export const UNIT_LETTERS = String.raw`a-zA-Z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF`;
const UNIT_TOKEN = new RegExp(
  String.raw`^([${UNIT_LETTERS}]+)(\((?:s|es|n|en|e|er|eren|r)\))?\.?(?![${UNIT_LETTERS}]|-[${UNIT_LETTERS}])`
);
const LINKING_WORD = /^(?:(?:of|de|di|van)\s+|d['’]\s*)(?=\S)/i;
/** Bracketed text right after an amount that is a measure: "(400 g)", "(about 240 ml)", "(14-ounce)". */
const BRACKET_MEASURE = /^\((?:about|approx\.?|ca\.?|circa|around|~)?\s*\d[^()]{0,40}\)/i;
/** The same amount again in another unit: "100g/3½oz", "1 cup / 240 ml", "250 g or 1/2 lb", "600g/1lb 5oz". */
const DUAL_MEASURE = new RegExp(
  String.raw`^\s*(?:/|or(?=\s))\s*(?:${NUMBER})\s*[a-zA-Z]+\.?(?:\s+oz\.?|\s+(?:${NUMBER})\s*oz\.?(?![a-zA-Z]))?`
);
/** The same amount again in the other system, without a bracket or slash: "500 ml 2 cups", "125 ml 1/2 cup". */
const SAME_AGAIN = new RegExp(String.raw`^\s*(?:${NUMBER})\s*([a-zA-Z]+)\.?(?![a-zA-Z])`);
const METRIC_UNITS: ReadonlySet<Unit> = new Set(["g", "kg", "mg", "dag", "ml", "cl", "dl", "l"]);

/**
 * The length of the amount written again after `unit` in a unit of the other system ("500 ml 2 cups": metric then US)
 * or of the other kind ("3/4 cup 4 oz": a volume then a weight), or 0; two weights or two volumes of one system add
 * up ("1 lb 2 oz") and are not this.
 */
export function sameAmountAgain(text: string, unit: Unit | null): number {
  const again = text.match(SAME_AGAIN);
  const second = again ? measureUnit(again[1]) : null;
  if (!again || !unit || !second || !isMeasure(unit)) return 0;
  const otherSystem = METRIC_UNITS.has(unit) !== METRIC_UNITS.has(second);
  const otherKind = (GRAMS_PER[unit] === undefined) !== (GRAMS_PER[second] === undefined);
  return otherSystem || otherKind ? again[0].length : 0;
}

/**
 * The amount after "or" says the first again only when both are weights or both volumes and they agree within a
 * fifth: "250 g or 1/2 lb", "1 cup or 240 ml"; not "1 tbsp or 1 tsp" (another amount) nor "2 cloves or 1/2 tsp" (another
 * ingredient).
 */
function sameAmount(first: Quantity, second: Quantity): boolean {
  if (first.amount === null || second.amount === null || !first.unit || !second.unit) return false;
  const table = [GRAMS_PER, MILLILITRES_PER].find(
    (per) => per[first.unit!] !== undefined && per[second.unit!] !== undefined
  );
  if (!table) return false;
  const one = ((first.amount + (first.maxAmount ?? first.amount)) / 2) * table[first.unit]!;
  const other = second.amount * table[second.unit]!;
  return Math.abs(one - other) <= 0.2 * Math.max(one, other);
}

const DUAL_AMOUNT = new RegExp(String.raw`^\s*(?:or\s)?[\s/\d.,${VULGAR_CHARACTERS}-]+`);

/**
 * The unit of a DUAL_MEASURE that says `first` again; after "or" only the same amount of a weight or volume
 * (sameAmount): "2 cloves or 1/2 tsp garlic powder" keeps its alternative out of the quantity.
 */
function dualUnit(dual: string, first: Quantity): Unit | null {
  const word = dual.replace(DUAL_AMOUNT, "").split(/\s+/)[0];
  // "150ml/5fl oz": fluid ounces
  const unit = FLUID.has(word.toLowerCase().replace(/\.$/, "")) && /oz\.?$/i.test(dual.trim()) ? "fl oz" : unitOf(word);
  const or = dual.match(/^\s*or\s/);
  if (!or) return unit;
  return sameAmount(first, parseQuantity(dual.slice(or[0].length))) ? unit : null;
}

/**
 * The length of a second measure of the whole amount `first` at the start of `text` (right after its unit): "(240 ml)",
 * "/3½oz", "or 1/2 lb" (the same amount, dualUnit); else 0.
 */
export function secondMeasure(text: string, first: Quantity): number {
  const space = text.match(/^\s*/)![0].length;
  const bracket = text.slice(space).match(BRACKET_MEASURE);
  if (bracket) return space + bracket[0].length;
  const dual = text.match(DUAL_MEASURE);
  return dual && dualUnit(dual[0], first) ? dual[0].length : 0;
}

/**
 * The size of each of a count: "2 x 400 g cans", "4 × 4.2oz salmon fillets", "1 28-ounce can", "2 400 g tins" (the
 * unit word checked apart, in eachMeasure).
 */
const EACH_MEASURE = new RegExp(String.raw`^\s*([x×]\s*)?(${NUMBER})\s*(-\s*)?([a-zA-Z]+)\.?(?![a-zA-Z])`, "i");
/**
 * A second amount added to the first: "1 cup plus 2 tablespoons", "1 cup + 2 tbsp", and without a word a smaller unit
 * of the same system, "1 lb 2 oz" (the units checked apart, in plusMeasure).
 */
const PLUS_MEASURE = new RegExp(
  String.raw`^(?:\s*(?:,\s*)?(plus\s+|\+\s*)|\s+)(${NUMBER})\s*([a-zA-Z]+)\.?(?![a-zA-Z])`,
  "i"
);

/** "Half" before a unit, as an amount: "meia xícara", "meia colher (chá)", "media taza", "mezzo bicchiere", "pół szklanki". */
const HALF = /^(?:half|meia|meio|media|medio|mezza|mezzo|pół)\s+/i;

/**
 * Words before an amount that say how exact it is: "scant 1/2 teaspoon", "about 2 cups", "Up to 1/3 cup", "~1/2 cup",
 * and in other languages "ca. 200 g", "etwa 1 l", "environ 120 g", "ongeveer", "około", "unos", "cerca de", "примерно".
 */
const AMOUNT_QUALIFIER = new RegExp(
  String.raw`^(?:(?:scant|heaping|heaped|generous|rounded|level|good|about|approx\.?|approximately|around|roughly|up to|at least` +
    String.raw`|ca\.|circa|cirka|etwa|ungefähr|knapp|env\.|environ|ongeveer|około|ok\.|unos|unas|aprox\.|aproximadamente` +
    String.raw`|cerca de|примерно|около|kb\.|cca\.?|ungefär|omkring)\s+|[~≈]\s*)(?=[\d${VULGAR_CHARACTERS}])`,
  "i"
);
/**
 * Words between an amount and its unit that say how full the measure is: "1 heaping tablespoon", "2 level tsp",
 * "1 gestrichener TL", "1 gehäufter EL", "1 afgestreken theelepel", "1 rågad msk", "1 bonne pincée".
 */
const UNIT_QUALIFIER =
  /^(?:heaping|heaped|level|scant|generous|rounded|good|gestrichene[nrs]?|gehäufte[nrs]?|knappe[nrs]?|gute[nrs]?|afgestreken|ruime|volle|rågade?|struken|strukna|bonne|grosse)$/i;
/** The word is one of UNIT_QUALIFIER's: kept with the unit after it. */
export const isUnitQualifier = (word: string) => UNIT_QUALIFIER.test(word);
/** A size and a unit with no amount: "large handful", "small pinch" (the unit word is checked apart). */
const SIZED_UNIT = /^((?:small|large|big|generous|good)\s+([a-zA-Z]+))\s+/i;

/** Words read as the unit "piece" that say a size, not a count: another unit may follow them ("2 large cloves"). */
const SIZE_WORD = /^(?:small|medium|large|big|whole)$/i;

/**
 * A unit word that belongs to the quantity here: size words ("large", "whole") only right after the amount, and
 * nothing after a count ("3 Stk. Pak Choi": Pak is the name, not a packet).
 */
function isQuantityWord(word: string, previous: string | null, hasAmount: boolean): boolean {
  const unit = unitOf(word);
  const previousUnit = previous === null ? null : unitOf(previous);
  if (previousUnit === "piece" && !SIZE_WORD.test(previous!)) return false;
  if (unit !== "piece") return unit !== null;
  // "1 medium head": after another size word too, but not after a real unit ("1 cup whole milk")
  return hasAmount && (previous === null || previousUnit === "piece");
}

/** Grams (or millilitres) in one of `unit`, for a weight or volume; undefined for a count or a spoonful of nothing. */
const gramsPer = (unit: Unit): number | undefined => GRAMS_PER[unit] ?? MILLILITRES_PER[unit];
export const isMeasure = (unit: Unit) => gramsPer(unit) !== undefined;

/** A unit of weight or volume ("g", "oz", "tablespoons"), or null. */
function measureUnit(word: string): Unit | null {
  const unit = unitOf(word);
  return unit !== null && isMeasure(unit) ? unit : null;
}

/** The text starts with a unit word or phrase ("botte de coriandre", "xícara (chá) de arroz"). */
function unitFollows(text: string): boolean {
  const token = text.match(UNIT_TOKEN);
  return UNIT_PHRASES.test(text) || (token !== null && unitOf(token[0]) !== null && unitOf(token[0]) !== "piece");
}

/**
 * The size of each of a count at the start of `text` (after the count), in grams or millilitres, and its length.
 * Without "x" a size says it is one by its hyphen ("1 28-ounce can", "3 4-ounce salmon fillets") or by the unit after
 * it ("2 400 g cans"); else "2 100 g" is no size.
 */
function eachMeasure(text: string): { length: number; size: number } | null {
  const each = text.match(EACH_MEASURE);
  const unit = each ? measureUnit(each[4]) : null;
  if (!each || !unit) return null;
  if (!each[1] && !each[3] && !unitFollows(text.slice(each[0].length).trim())) return null;
  return { length: each[0].length, size: parseNumber(each[2]) * gramsPer(unit)! };
}

/**
 * A second amount added to the first at the start of `text` (" plus 2 tablespoons", " + 2 tbsp") in the first
 * amount's unit, and its length; null when there is none or the two units do not convert (a weight plus a volume).
 */
function plusMeasure(text: string, unit: Unit | null): { length: number; amount: number } | null {
  const plus = text.match(PLUS_MEASURE);
  const second = plus ? measureUnit(plus[3]) : null;
  const table = convertible(unit, second);
  if (!plus || !table) return null;
  // without "plus", only a smaller unit of the same system adds up: "1 lb 2 oz", not "1 oz 2 lb" nor "500 ml 2 cups"
  const sameSystem = METRIC_UNITS.has(unit!) === METRIC_UNITS.has(second!);
  if (!plus[1] && !(sameSystem && table[second!]! < table[unit!]!)) return null;
  return { length: plus[0].length, amount: (parseNumber(plus[2]) * table[second!]!) / table[unit!]! };
}

/**
 * Splits an ingredient line into its leading quantity ("1 cup (240 ml)", "100g/3½oz", "2 pound(s)", "150gr",
 * "2-3 large") and the rest; the quantity is "" when the line does not start with one. Parsing that quantity
 * text with parseQuantity gives its amount and unit: the two read amounts and units the same way.
 */
export function splitLeadingQuantity(line: string): { quantity: string; rest: string } {
  const text = line.trim();
  const qualifier = text.match(AMOUNT_QUALIFIER);
  if (qualifier) {
    // "Scant 1/2 teaspoon", "About 2 cups": the word goes with the amount it qualifies
    const after = splitLeadingQuantity(text.slice(qualifier[0].length));
    if (after.quantity) return { quantity: `${qualifier[0]}${after.quantity}`, rest: after.rest };
  }
  const sized = text.match(SIZED_UNIT);
  if (sized && unitOf(sized[2]) !== null && unitOf(sized[2]) !== "piece" && /\S/.test(text.slice(sized[0].length))) {
    // "large handful parsley", "Small handful of cilantro": a unit without an amount, its size before it
    return { quantity: sized[1], rest: text.slice(sized[0].length).replace(LINKING_WORD, "") };
  }
  let at = 0;
  const article = text.match(/^(?:an?|one)\s+/i) ?? text.match(HALF);
  const amount = text.match(LEADING_AMOUNT) ?? article;
  if (article) at = article[0].length;
  else if (amount) {
    at = amount[0].length;
    const glued = text.slice(at).match(UNIT_TOKEN) ?? text.slice(at).match(CJK_UNIT);
    // "400-gram tin": a measure joined by a hyphen is glued too
    const hyphened = text.slice(at).match(/^-([a-zA-Z]+)\.?(?![a-zA-Z])/);
    if (glued && unitOf(glued[0])) at += glued[0].length;
    else if (hyphened && measureUnit(hyphened[1])) at += hyphened[0].length;
  }
  let units = 0;
  let previousWord: string | null = null;
  for (let step = 0; step < 6; step++) {
    let rest = text.slice(at);
    // "1/4 de botte", "⅓ de xícara", "1/4 de cucharadita": "of" between an amount and its unit
    const of = amount && !article && units === 0 ? rest.match(/^\s*(?:de\s+|d['’]\s*)/i) : null;
    if (of && unitFollows(rest.slice(of[0].length))) {
      at += of[0].length;
      rest = text.slice(at);
    }
    const space = rest.match(/^\s*/)![0].length;
    const next = rest.slice(space);
    const bracket = at > 0 ? next.match(BRACKET_MEASURE) : null;
    const dual = at > 0 && !article ? rest.match(DUAL_MEASURE) : null;
    const phrase = next.match(UNIT_PHRASES);
    const token = next.match(UNIT_TOKEN) ?? next.match(CJK_UNIT);
    const each = amount && units === 0 ? eachMeasure(rest) : null;
    // "1 heaping tablespoon": the word goes with the unit that follows it
    const qualified = amount && units === 0 && token && isUnitQualifier(token[1]) ? next.slice(token[0].length) : null;
    if (qualified !== null && unitFollows(qualified.trimStart())) {
      at += space + token![0].length;
      continue;
    }
    const unitSoFar = units > 0 ? parseQuantity(text.slice(0, at)).unit : null;
    const plus = units > 0 ? plusMeasure(rest, unitSoFar) : null;
    const again = units > 0 ? sameAmountAgain(rest, unitSoFar) : 0;
    if (each && /\S/.test(rest.slice(each.length))) {
      at += each.length;
      units++;
    } else if (plus && /\S/.test(rest.slice(plus.length))) {
      at += plus.length;
    } else if (again && /\S/.test(rest.slice(again))) {
      at += again;
    } else if (bracket && !(article && units === 0)) at += space + bracket[0].length;
    else if (dual && dualUnit(dual[0], parseQuantity(text.slice(0, at)))) at += dual[0].length;
    else if (phrase && units < 2) {
      at += space + phrase[0].length;
      units++;
    } else if (
      token &&
      units < 2 &&
      isQuantityWord(token[0], previousWord, Boolean(amount)) &&
      /\S/.test(next.slice(token[0].length))
    ) {
      // a size word right after the amount ("2 large eggs") stays in the quantity, as "2 large"
      at += space + token[0].length;
      previousWord = token[0];
      units++;
    } else break;
  }
  if ((!amount || article) && units === 0) return { quantity: "", rest: text };
  const quantity = text.slice(0, at).trim();
  const rest = text.slice(at).trim().replace(LINKING_WORD, "");
  // a lone unit word with no amount and nothing after it is the name ("Pinch", "Handful")
  if (!rest) return amount ? { quantity, rest } : { quantity: "", rest: text };
  return { quantity, rest };
}

const VULGAR_AFTER_DIGIT = new RegExp(`^(\\d+)(${VULGAR})`);

/** Quantity text with "1½" spaced as "1 ½" and a leading article read as 1, as parseQuantity reads it. */
function cleanQuantityText(text: string): string {
  return (
    text
      .trim()
      .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
      // Japanese writes the spoon before the amount and "と" for "and": 大さじ1と1/2 is 1 and 1/2 大さじ
      .replace(/^(大さじ|小さじ|カップ)\s*([\d./と]+)/, "$2 $1")
      .replace(/(\d)と(\d)/, "$1 と $2")
      .replace(VULGAR_AFTER_DIGIT, "$1 $2")
      .replace(/^(a|an|one)\s+/i, "1 ")
      .replace(HALF, "1/2 ")
      .replace(AMOUNT_QUALIFIER, "")
  );
}

/**
 * The amount quantity text starts with (a range's two ends) and the text after it, read as parseQuantity reads
 * it: "1 ½ cups, sifted" → 1.5 and "cups, sifted". Null when the text starts with no amount ("to taste").
 */
export function leadingAmount(text: string): { amount: number; maxAmount?: number; rest: string } | null {
  const cleaned = cleanQuantityText(text);
  const match = cleaned.match(LEADING_AMOUNT);
  if (!match) return null;
  // "400-gram tin": the hyphen only joins the unit to its amount
  const rest = cleaned
    .slice(match[0].length)
    .trim()
    .replace(/^-(?=[a-z])/i, "");
  const amount = parseNumber(match[1]);
  return match[2] ? { amount, maxAmount: parseNumber(match[2]), rest } : { amount, rest };
}

/** Text after a unit without its "plus" part: " plus 2 tablespoons, sifted" → ", sifted"; "2 oz" → "". */
export function withoutPlusMeasure(text: string): string {
  // "2 oz" in "1 lb 2 oz" comes with no word before it: the space is its start
  const spaced = ` ${text}`;
  const without = spaced.replace(PLUS_MEASURE, "");
  return without === spaced ? text : without;
}

/**
 * The amount a "plus" part adds, in the first part's unit ("cup plus 2 tablespoons" → 0.125 cup), or null when
 * there is none or the two units do not convert (a weight plus a volume).
 */
export function plusAmount(rest: string, unit: Unit | null): number | null {
  return plusMeasure(rest.replace(/^[^\s,]+\.?/, ""), unit)?.amount ?? null;
}

/** The table both units are in (weights, volumes), or null when one is no measure or they do not convert. */
function convertible(first: Unit | null, second: Unit | null): Partial<Record<Unit, number>> | null {
  if (!first || !second) return null;
  return (
    [GRAMS_PER, MILLILITRES_PER].find((table) => table[first] !== undefined && table[second] !== undefined) ?? null
  );
}

/** Parses quantity text. Unknown words after the amount leave the unit null (a bare count). */
export function parseQuantity(text: string): Quantity {
  const lead = leadingAmount(text);
  if (!lead) {
    const cleaned = cleanQuantityText(text);
    const [first = "", second = ""] = cleaned.split(/\s+/);
    // "large handful": the unit after a size word
    const unitAlone = SIZED_UNIT.test(`${first} ${second} `) && unitOf(second) ? unitOf(second) : unitOf(first);
    if (unitAlone && !NEGLIGIBLE.test(cleaned)) return { amount: 1, unit: unitAlone, negligible: false };
    return { amount: null, unit: null, negligible: true };
  }
  const { amount, maxAmount } = lead;
  const quantity: Quantity = { amount, unit: null, negligible: false };
  if (maxAmount !== undefined) quantity.maxAmount = maxAmount;
  let rest = lead.rest.replace(/^(?:de\s+|d['’]\s*)/i, "");
  const each = eachMeasure(rest);
  if (each) {
    // "2 x 400 g cans": two of what the words after the size name, each weighing the size
    quantity.gramsPerUnit = each.size;
    rest = rest.slice(each.length).replace(DUAL_MEASURE, "").trim();
    if (!unitOf(rest.split(/[\s,()/]+/)[0] ?? "")) rest = `piece ${rest}`;
  }
  // "(400 g)", "(14-ounce)"
  const packageWeight = rest.match(/\((\d+(?:[.,]\d+)?)\s*-?\s*([a-z]+)\.?\)/i);
  if (packageWeight) {
    const unit = measureUnit(packageWeight[2]);
    if (unit) quantity.gramsPerUnit = parseNumber(packageWeight[1]) * gramsPer(unit)!;
    rest = rest.replace(packageWeight[0], " ");
  }
  // "heaping tablespoon": the unit after the word that says how full it is
  const qualifier = rest.match(/^(\S+)\s+/);
  if (qualifier && isUnitQualifier(qualifier[1])) rest = rest.slice(qualifier[0].length);
  // unit words keep their case: "T" is a tablespoon, "t" a teaspoon
  const words = rest.split(/[\s,()/]+/).filter(Boolean);
  const phrase = PHRASE_UNITS.find(([pattern]) => pattern.test(rest));
  if (phrase) quantity.unit = phrase[1];
  else if (FLUID.has(words[0]?.toLowerCase().replace(/\.$/, "")) && unitOf(words[1] ?? "") === "oz")
    quantity.unit = "fl oz";
  else {
    // "2 large cloves": a size word is a unit only when no better unit follows it
    const first = unitOf(words[0] ?? "");
    const second = unitOf(words[1] ?? "");
    quantity.unit = first === "piece" && second && second !== "piece" ? second : first;
  }
  // "200 g (7 oz)", "2 cups (480 ml)": the bracket says the amount again in another unit, not what each unit weighs
  if (packageWeight && quantity.unit && isMeasure(quantity.unit)) delete quantity.gramsPerUnit;
  const added = plusAmount(rest, quantity.unit);
  if (added !== null && quantity.maxAmount === undefined) quantity.amount = amount + added;
  return quantity;
}

/** Grams of one unit for an ingredient, from its unit weights, falling back to physics where that is safe. */
function gramsOfOneUnit(unit: Unit | null, unitWeights: Record<string, number>): number | null {
  if (unit === null || unit === "piece") return unitWeights.piece ?? null;
  const mass = GRAMS_PER[unit];
  if (mass !== undefined) return mass;
  if (unitWeights[unit] !== undefined) return unitWeights[unit];
  const teaspoons = TEASPOONS_PER[unit];
  if (teaspoons !== undefined) {
    const teaspoon = gramsOfOneUnit("tsp", unitWeights);
    return teaspoon === null ? null : teaspoon * teaspoons;
  }
  const millilitres = MILLILITRES_PER[unit];
  if (millilitres !== undefined) {
    const density = unitWeights.cup !== undefined ? unitWeights.cup / MILLILITRES_PER.cup! : 1;
    return millilitres * density;
  }
  if (unit === "knob") return 15;
  return null;
}

/** Weight in grams of a quantity of an ingredient; ranges count at their midpoint. Null when it cannot be told. */
export function toGrams(quantity: Quantity, unitWeights: Record<string, number>): number | null {
  if (quantity.amount === null) return null;
  const amount = quantity.maxAmount === undefined ? quantity.amount : (quantity.amount + quantity.maxAmount) / 2;
  const perUnit = quantity.gramsPerUnit ?? gramsOfOneUnit(quantity.unit, unitWeights);
  return perUnit === null ? null : amount * perUnit;
}

const DISPLAY_ABBREVIATIONS: [RegExp, string][] = [
  [/\btablespoons?\b/gi, "tbsp"],
  [/\bteaspoons?\b/gi, "tsp"],
  [/\bgrams?\b/gi, "g"],
  [/\bmillilit(?:er|re)s?\b/gi, "ml"],
];

/** Display form of quantity text: tablespoon → tbsp, teaspoon → tsp, gram → g, milliliter → ml. */
export function abbreviateUnits(quantityText: string): string {
  return DISPLAY_ABBREVIATIONS.reduce((text, [pattern, short]) => text.replace(pattern, short), quantityText);
}
