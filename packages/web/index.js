// @prefixd/web: where the built pages are; @prefixd/server serves them.
import { fileURLToPath } from 'node:url'

/** Folder of the built site (HTML pages and hashed assets), made by `npm run build:web`. */
export const SITE_DIR = fileURLToPath(new URL('./dist/site/', import.meta.url))
