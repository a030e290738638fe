// Routes for navigation views (being written).

import type { ChatRouter, ChatServices } from '../app.js'

export function addNavigationViewRoutes(_router: ChatRouter, _services: ChatServices): void {}
