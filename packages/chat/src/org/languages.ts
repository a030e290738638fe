// The interface languages the service offers for default_language, by code, with their English names.

/**
 * Language codes (lower-case BCP 47 tags, as clients of this API family send them) and the English
 * name that the user_settings event carries as `language_name` (chat-events.md). Default `en`.
 */
export const LANGUAGES: ReadonlyMap<string, string> = new Map([
  ['ar', 'Arabic'],
  ['ca', 'Catalan'],
  ['cs', 'Czech'],
  ['da', 'Danish'],
  ['de', 'German'],
  ['el', 'Greek'],
  ['en', 'English'],
  ['en-gb', 'British English'],
  ['es', 'Spanish'],
  ['fa', 'Persian'],
  ['fi', 'Finnish'],
  ['fr', 'French'],
  ['he', 'Hebrew'],
  ['hi', 'Hindi'],
  ['hu', 'Hungarian'],
  ['id', 'Indonesian'],
  ['it', 'Italian'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['nl', 'Dutch'],
  ['no', 'Norwegian'],
  ['pl', 'Polish'],
  ['pt', 'Portuguese'],
  ['pt-br', 'Brazilian Portuguese'],
  ['ro', 'Romanian'],
  ['ru', 'Russian'],
  ['sv', 'Swedish'],
  ['tr', 'Turkish'],
  ['uk', 'Ukrainian'],
  ['vi', 'Vietnamese'],
  ['zh-hans', 'Simplified Chinese'],
  ['zh-hant', 'Traditional Chinese'],
])

export const DEFAULT_LANGUAGE = 'en'
