// Routes for bots, push tokens, allowed domains, scheduled messages, reminders, export consents (being written).

import type { ChatRouter, ChatServices } from '../app.js'

export function addAdministrationRoutes(_router: ChatRouter, _services: ChatServices): void {}
