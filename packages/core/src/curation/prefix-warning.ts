// prefixWarning(index, prefix): what a person should know before using a name through a prefix that is not offered or is retired, in words every surface shows alike.

import type { GradeReason, PrefixQuality } from '../model.js'
import type { PrefixIndex } from '../prefix-index/prefix-index.js'

/** What is known of a prefix that completion does not offer, or whose vocabulary is retired. */
export interface PrefixWarning {
  readonly prefix: string
  readonly quality: PrefixQuality
  readonly reason?: GradeReason
  /** For a typo alias: the prefix usually written for the namespace. */
  readonly usually?: string
  /** For a retired vocabulary: the prefix of its successor. */
  readonly successor?: string
  /** One sentence: what the prefix is and what to write instead. */
  readonly message: string
}

/** What each rule says of a prefix, given its namespace. */
const REASONS: Readonly<Record<GradeReason, (namespace: string) => string>> = {
  'placeholder-host': (ns) => `its namespace <${ns}> is on a test or placeholder host`,
  'no-vocabulary-host': (ns) => `its namespace <${ns}> is on a site that serves no vocabulary (a shop, search engine, file sharing or spam site)`,
  'prefix-cc': (ns) => `its namespace <${ns}> is a page of prefix.cc itself`,
  'placeholder-name': () => 'its name is a placeholder',
  'typo-alias': () => 'it is a typo alias',
  'near-duplicate': () => 'it is a near-duplicate of a well-known prefix, bound elsewhere',
  document: (ns) => `its namespace <${ns}> is a document's address with # or / appended, not a vocabulary`,
  'test-page': (ns) => `its namespace <${ns}> is a personal test or demo page`,
  umbrella: (ns) => `its namespace <${ns}> is a host's root that holds other vocabularies`,
  retired: (ns) => `its vocabulary <${ns}> is retired`,
}

/**
 * The warning for names through `prefix`, or `undefined` when the prefix is offered and live (or unknown, or the
 * user's own: no grade). Long-tail and suspect prefixes still expand; this says why completion and shrink pass them over.
 */
export function prefixWarning(index: PrefixIndex, prefix: string): PrefixWarning | undefined {
  const info = index.vocabulary(prefix)
  const namespace = index.namespace(prefix)
  if (info?.quality === undefined || namespace === undefined) return undefined
  const retired = info.reason === 'retired'
  if (index.isOffered(prefix) && !retired) return undefined
  const { quality, reason, usually, successor } = info
  let message: string
  if (usually !== undefined) message = `${prefix}: is a typo alias of ${usually}: (same namespace); write ${usually}: instead`
  else if (retired) message = `${prefix}: is a retired vocabulary (<${namespace}>)${successor === undefined ? '' : `; its successor is ${successor}:`}`
  else if (reason !== undefined) message = `${prefix}: is ${quality}: ${REASONS[reason](namespace)}`
  else message = `${prefix}: is ${quality}: rarely used (beyond prefix.cc's first 1,000), not offered`
  return {
    prefix,
    quality,
    ...(reason !== undefined && { reason }),
    ...(usually !== undefined && { usually }),
    ...(successor !== undefined && { successor }),
    message,
  }
}
