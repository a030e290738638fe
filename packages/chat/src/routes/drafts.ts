// Routes for drafts (being written).

import type { ChatRouter, ChatServices } from '../app.js'

export function addDraftRoutes(_router: ChatRouter, _services: ChatServices): void {}
