/** Folder of the built site (HTML pages and hashed assets), made by `npm run build:web`. */
export declare const SITE_DIR: string
