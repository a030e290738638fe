// What the host of a namespace says about it: a test or placeholder host, a site that serves no vocabulary, prefix.cc itself.

/** Why a host cannot hold a vocabulary (see data/README.md, "Prefix quality grades"). */
export type HostKind = 'placeholder' | 'no-vocabulary' | 'prefix.cc'

/**
 * Top-level domains that never resolve on the public web: RFC 2606 §2 (`.test`, `.example`, `.invalid`,
 * `.localhost`), RFC 6761 §6, and RFC 6762's `.local`.
 */
const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'localhost', 'local'])
/** RFC 2606 §3: second-level domains reserved for examples (under `.com`, `.net`, `.org`; `.edu` by IANA). */
const EXAMPLE_DOMAIN = /^(?:.*\.)?example\.(?:com|net|org|edu)$/

/**
 * Sites that serve pages, not vocabularies, found among prefix.cc's namespaces by reading them: search
 * engines, shops, mail, file sharing, messengers and social sites, and unrelated sites that spam
 * registrations point at. A host matches itself and its subdomains; an entry ending in `.` matches any
 * top-level domain (`amazon.` is amazon.de and amazon.com).
 */
const NO_VOCABULARY_HOSTS: Readonly<Record<string, readonly string[]>> = {
  'search engines': ['google.', 'yandex.ru', 'seznam.cz', 'baidu.com', 'duckduckgo.com'],
  shops: ['amazon.', 'walmart.com', 'ebay.', 'aliexpress.com', 'etsy.com', 'kibanshoe.com', 'koerperfettwaage-test.de', 'ultragaz24horas.com', 'godaddy.com'],
  mail: ['gmail.com', 'hotmail.com', 'outlook.com', 'mail.yahoo.com'],
  'file sharing': ['scribd.com', 'dropbox.com', 'wetransfer.com', 'mega.nz', 'mediafire.com', '4shared.com'],
  'messengers and social sites': ['whatsapp.com', 'telegram.org', 't.me', 'skype.com', 'discord.com', 'stocktwits.com', 'youtube.com', 'pornhub.com'],
  'unrelated sites': [
    'cuzin.com',
    'maco.com',
    'namso-gen.com',
    'fliqz.com',
    'hello.com',
    'padinthecity.com',
    'webiomed.ai',
    'gogl.com',
    'penis.to',
    'cacax.fun',
    'rankrage.de',
    'xxefe.de',
    'gfgfd.vs',
    'koko.t',
    'eliasempresas.com',
    'teste.com',
  ],
}

/** Kept out of {@link NO_VOCABULARY_HOSTS}: hosts of theirs that did publish schemas (`ya:`, Yandex's FOAF extension). */
const VOCABULARY_SUBDOMAINS = /^schemas?\.google\.|^blogs\.yandex\.ru$/

const NO_VOCABULARY_EXACT = new Set<string>()
const NO_VOCABULARY_ANY_TLD: string[] = []
for (const hosts of Object.values(NO_VOCABULARY_HOSTS)) {
  for (const host of hosts) {
    if (host.endsWith('.')) NO_VOCABULARY_ANY_TLD.push(host)
    else NO_VOCABULARY_EXACT.add(host)
  }
}

/** The lower-cased host of an IRI (`undefined` when it has no authority), without user info or port. */
export function hostOf(iri: string): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)/i.exec(iri)
  return match?.[1]?.toLowerCase().replace(/\.$/, '')
}

/** Why the host of `namespace` cannot hold a vocabulary, or `undefined` when nothing says so. */
export function hostKind(namespace: string): HostKind | undefined {
  const host = hostOf(namespace)
  if (host === undefined || host === '') return undefined
  if (host === 'prefix.cc' || host.endsWith('.prefix.cc')) return 'prefix.cc'
  const tld = host.slice(host.lastIndexOf('.') + 1)
  if (host === 'localhost' || RESERVED_TLDS.has(tld) || EXAMPLE_DOMAIN.test(host) || isIpLiteral(host)) return 'placeholder'
  if (VOCABULARY_SUBDOMAINS.test(host)) return undefined
  const labels = host.split('.')
  for (let i = 0; i < labels.length - 1; i++) {
    const tail = labels.slice(i).join('.')
    if (NO_VOCABULARY_EXACT.has(tail)) return 'no-vocabulary'
    // `amazon.` matches amazon.de and www.amazon.co.uk: the label, then one or two short labels of a country or generic TLD.
    const rest = labels.slice(i + 1)
    if (NO_VOCABULARY_ANY_TLD.includes(labels[i] + '.') && rest.length <= 2 && rest.every((label) => label.length <= 3)) return 'no-vocabulary'
  }
  return undefined
}

/** An IPv4 literal or a bracketed IPv6 one: a machine, not a publisher's domain. */
function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)
}
