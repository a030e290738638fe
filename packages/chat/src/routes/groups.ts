// Routes for user groups (being written).

import type { ChatRouter, ChatServices } from '../app.js'

export function addGroupRoutes(_router: ChatRouter, _services: ChatServices): void {}
