// The rules of the checks and their severities: the defaults, and a project's own (the `rules` of its
// `.prefixd.json`, or an editor's settings), read and validated here once for the CLI and the language server.

import type { FindingCode, Severity } from './findings.js'

/** A rule's code: the core's checks, and those the language server and the CLI add (syntax errors, SHACL). */
export type RuleCode = FindingCode | 'syntax' | 'shacl'

/** A rule's severity, or `off`. */
export type RuleSetting = Severity | 'off'

/** Severity by rule; a rule not named keeps its default. */
export type Rules = Readonly<Partial<Record<RuleCode, RuleSetting>>>

/**
 * Each rule's default: what breaks a document (an undeclared prefix, a syntax error, a SHACL violation) is
 * an error; what is likely a slip (an unknown or deprecated term, a suspect prefix, http for https) a warning;
 * what a project may mean (another namespace, a prefix of its own, an unused one) information or a hint.
 */
export const DEFAULT_RULES: Readonly<Record<RuleCode, RuleSetting>> = {
  syntax: 'error',
  'undeclared-prefix': 'error',
  shacl: 'error',
  'unknown-term': 'warning',
  'deprecated-term': 'warning',
  'suspect-prefix': 'warning',
  'retired-prefix': 'information',
  'scheme-mismatch': 'warning',
  'other-namespace': 'information',
  'unregistered-prefix': 'hint',
  'unused-prefix': 'hint',
}

const SETTINGS: ReadonlySet<string> = new Set(['error', 'warning', 'information', 'hint', 'off'])

/** The severity of `code` under `rules` (`off`: not reported). */
export function severityOf(rules: Rules | undefined, code: RuleCode): RuleSetting {
  return rules?.[code] ?? DEFAULT_RULES[code]
}

/**
 * `value` (parsed JSON: anything) as rules; throws a TypeError naming `where` and the rule or value at fault.
 *
 * @example
 * readRules({ 'unused-prefix': 'warning', 'unregistered-prefix': 'off' }, '.prefixd.json')
 */
export function readRules(value: unknown, where: string): Rules {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError(`${where}: "rules" must be an object of rule → severity`)
  const rules: Partial<Record<RuleCode, RuleSetting>> = {}
  for (const [code, setting] of Object.entries(value as Record<string, unknown>)) {
    if (!Object.hasOwn(DEFAULT_RULES, code)) throw new TypeError(`${where}: unknown rule "${code}" (rules: ${Object.keys(DEFAULT_RULES).join(', ')})`)
    if (typeof setting !== 'string' || !SETTINGS.has(setting))
      throw new TypeError(`${where}: rule "${code}" must be one of error, warning, information, hint, off (not ${JSON.stringify(setting)})`)
    rules[code as RuleCode] = setting as RuleSetting
  }
  return rules
}
