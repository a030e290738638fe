// Which written local names every major Turtle reader takes back: the grammar's, less what rdflib 7 refuses.

/**
 * Whether a local name as {@link writeLocalName} writes it (escapes included) reads back the same in
 * rdflib 7.x, Jena and n3 alike. The grammar (PN_LOCAL, Turtle §6.5) allows a final `\.`, but rdflib's
 * tokenizer takes that dot for the end of the statement and raises BadSyntax (`dbpedia:Washington\,_D.C\.`);
 * Jena and n3 read it. Every other escape, anywhere, was read back alike by all three (test/core/names/portable-name.test.ts).
 *
 * @example
 * isPortableLocalName('a\\,b')  // true
 * isPortableLocalName('D.C\\.') // false
 */
export function isPortableLocalName(written: string): boolean {
  // An escaped final dot is a backslash and a dot at the end; `\\.` (an escaped backslash) cannot occur: PN_LOCAL_ESC has no backslash.
  return !(written.length >= 2 && written.charCodeAt(written.length - 1) === 0x2e && written.charCodeAt(written.length - 2) === 0x5c)
}
