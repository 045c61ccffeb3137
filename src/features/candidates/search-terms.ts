// What a typed word means to the search index. Every word is a prefix ("dev" finds "developer").
// FTS5 answers a prefix of one to three letters from its prefix indexes (prefix='1 2 3'), reading
// one doclist lazily; a longer prefix has no such index, and FTS5 then merges the whole doclist of
// every term that starts with it before it returns a single row: "developer" at a million
// candidates costs 60–80 ms whatever the LIMIT, "melbourne product" 150–300 ms. So a longer word is
// looked up in the index's vocabulary (migration participants_search_terms) and becomes its terms,
// each read lazily, newest first, stopping at the LIMIT: ("developer" OR "developers").
import type { DB } from "../../db/client";
import { firstTermAtOrAfter } from "./repo-search-index";

/** The longest prefix the index keeps its own doclist for (prefix='1 2 3'). */
const PREFIX_INDEXED = 3;
/**
 * More terms than this and the word stays a prefix query. Many terms of one prefix are rare
 * words (e-mail and name parts), whose doclists are short, so FTS5's merge of them is cheap.
 */
export const MAX_TERMS = 32;

/** The words of a search as FTS5 sees them: lower case, letters and digits, at most 8. */
export function searchWords(search: string): string[] {
  return (
    search
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? []
  );
}

/** The index's terms that start with `prefix`, in order; null when there are more than `max`. */
function termsStartingWith(db: DB, prefix: string, max = MAX_TERMS): string[] | null {
  const out: string[] = [];
  // Terms are compared as UTF-8 bytes; no term holds a control character, so the next term after
  // t is the first one at or after t + "\u0001".
  for (let from = prefix; ;) {
    const term = firstTermAtOrAfter(db, from);
    if (term === undefined || !term.startsWith(prefix)) return out;
    if (out.length === max) return null;
    out.push(term);
    from = `${term}\u0001`;
  }
}

const quoted = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * One word as an FTS5 expression that matches exactly the candidates its prefix query matches.
 * Only words of plain ASCII letters and digits are expanded: for them FTS5's tokenizer (unicode61,
 * diacritics removed) yields the word itself, so the index's terms compare with it directly.
 */
export function wordExpression(db: DB, word: string): string {
  if (word.length <= PREFIX_INDEXED || !/^[a-z0-9]+$/.test(word)) return `${quoted(word)}*`;
  const terms = termsStartingWith(db, word);
  if (!terms) return `${quoted(word)}*`;
  // No term starts with the word: the word itself is no term either, and matches nobody at once.
  if (!terms.length) return quoted(word);
  return terms.length === 1 ? quoted(terms[0]!) : `(${terms.map(quoted).join(" OR ")})`;
}

/** What a user typed as FTS5 terms, every word a prefix and all of them required: the plain form (no index read). */
export function prefixExpression(search: string): string | null {
  const words = searchWords(search);
  return words.length ? words.map((w) => `${quoted(w)}*`).join(" AND ") : null;
}

/** The same search with its longer words read as the index's terms (see above): the form to run. */
export function expandedExpression(db: DB, search: string): string | null {
  const words = searchWords(search);
  return words.length ? words.map((w) => wordExpression(db, w)).join(" AND ") : null;
}
