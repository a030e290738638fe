// Routes for user settings (being written).

import type { ChatRouter, ChatServices } from '../app.js'

export function addSettingsRoutes(_router: ChatRouter, _services: ChatServices): void {}
