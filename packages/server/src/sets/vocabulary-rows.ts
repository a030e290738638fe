// The table of sets' vocabulary files, written once for both stores (SQLite and PostgreSQL read the same SQL).

/**
 * One row per file of a set: its facts, and what the usage reader found in it as `prefixd-usage/1` JSON
 * (`usage`). Rows go with their set (the stores delete them in the set's DELETE). `gzip` is a BOOLEAN here;
 * SQLite keeps it as an INTEGER.
 */
export const VOCABULARIES_SCHEMA = `CREATE TABLE IF NOT EXISTS set_vocabularies (
  set_name TEXT NOT NULL,
  file TEXT NOT NULL,
  format TEXT NOT NULL,
  gzip BOOLEAN NOT NULL,
  bytes INTEGER NOT NULL,
  triples INTEGER NOT NULL,
  terms INTEGER NOT NULL,
  size INTEGER NOT NULL,
  etag TEXT NOT NULL,
  updated TEXT NOT NULL,
  usage TEXT NOT NULL,
  PRIMARY KEY (set_name, file)
)`

/** The columns of a listing (all but the usage itself). */
export const VOCABULARY_COLUMNS = 'file, format, gzip, bytes, triples, terms, size, etag, updated'
