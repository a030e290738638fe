// The one function of swagger-ui-dist's prebuilt bundle the API page calls (the package ships no types for it).

declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  /** Renders the OpenAPI description at `url` into the element `dom_id` names. */
  export default function SwaggerUIBundle(options: {
    readonly url: string
    readonly dom_id: string
    readonly deepLinking?: boolean
    readonly validatorUrl?: string | null
    readonly defaultModelsExpandDepth?: number
    readonly displayRequestDuration?: boolean
    readonly onComplete?: () => void
  }): unknown
}
