// The API documentation (/api/docs): the resolver's own OpenAPI description rendered by Swagger UI, which is
// bundled into the site (no request leaves the resolver).

import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-bundle.js'
import { byId } from '../common/dom.js'

const status = byId('status')
status.textContent = 'Loading the API description…'
SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#api-docs',
  // No deep links: Swagger UI puts them inside the buttons that open each route, a control in a control.
  deepLinking: false,
  // Swagger UI would send the description to validator.swagger.io for a badge: nothing leaves this resolver.
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  onComplete: () => {
    status.textContent = ''
  },
})
