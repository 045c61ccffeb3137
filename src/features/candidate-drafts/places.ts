// Where a CV says its owner lives (issue 60: none of four real CVs got a city). Pure: the draft
// rules (propose-rules.ts) read a header piece or an address field with it.
// A city is read from the forms addresses take (issue 60: none of four real CVs got one): an
// Australian state after it ("Melbourne VIC", "Sydney NSW 2000", "Adelaide, SA", "Hobart, Tasmania"),
// a US state and ZIP ("San Francisco, CA 94105"), a UK postcode ("Manchester M2 4LQ"), "City,
// Country", or a city people write alone. A piece that reads as a place is never a role.
const CITY_WORDS = "(\\p{Lu}[\\p{L}'’.-]+(?:[ -](?:\\p{Lu}[\\p{L}'’.-]+|of|upon|on))*)";
const AU_STATES = "NSW|VIC|QLD|WA|SA|TAS|ACT|NT|New South Wales|Victoria|Queensland|Western Australia|South Australia|Tasmania|Australian Capital Territory|Northern Territory";
const AU_PLACE = new RegExp(`^${CITY_WORDS},?\\s+(?:${AU_STATES})\\.?(?:,?\\s+\\d{4})?(?:,?\\s+Australia)?$`, "u");
const US_PLACE = new RegExp(`^${CITY_WORDS},\\s*[A-Z]{2}(?:\\s+\\d{5}(?:-\\d{4})?)?(?:,?\\s+(?:USA|US|United States))?$`, "u");
const UK_PLACE = new RegExp(`^${CITY_WORDS},?\\s+[A-Z]{1,2}\\d[A-Z\\d]?\\s*\\d[A-Z]{2}(?:,?\\s+(?:UK|United Kingdom|England|Scotland|Wales))?$`, "u");
const POSTCODE_FIRST = new RegExp(`^\\d{4,5}\\s+${CITY_WORDS}$`, "u");
/** Cities a CV may name with nothing after them (the capitals and large cities recruiters here see most). */
const KNOWN_CITIES = new Set(
  [
    "Sydney",
    "Melbourne",
    "Brisbane",
    "Perth",
    "Adelaide",
    "Hobart",
    "Darwin",
    "Canberra",
    "Gold Coast",
    "Newcastle",
    "Wollongong",
    "Geelong",
    "Townsville",
    "Cairns",
    "Auckland",
    "Wellington",
    "Christchurch",
    "Singapore",
    "Hong Kong",
    "London",
    "Manchester",
    "Birmingham",
    "Edinburgh",
    "Glasgow",
    "Dublin",
    "Paris",
    "Berlin",
    "Amsterdam",
    "Madrid",
    "Barcelona",
    "Lisbon",
    "Toronto",
    "Vancouver",
    "New York",
    "San Francisco",
    "Los Angeles",
    "Chicago",
    "Seattle",
    "Boston",
    "Austin",
  ].map((c) => c.toLowerCase()),
);
const CITY_COUNTRY = /^(\p{Lu}[\p{L}'’.-]+(?:[ -]\p{Lu}[\p{L}'’.-]+){0,2}),\s*\p{Lu}[\p{L} .'’-]{1,30}$/u;

/** The city of a piece written as a place ("Sydney NSW 2000" → "Sydney"), else null. */
export function placeMatch(t: string): string | null {
  const m = t.match(AU_PLACE) ?? t.match(US_PLACE) ?? t.match(UK_PLACE) ?? t.match(POSTCODE_FIRST) ?? t.match(CITY_COUNTRY);
  if (m) return m[1]!;
  return KNOWN_CITIES.has(t.toLowerCase()) ? t : null;
}
