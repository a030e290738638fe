// Routes for user topics and a channel's topics (being written).

import type { ChatRouter, ChatServices } from '../app.js'

export function addTopicRoutes(_router: ChatRouter, _services: ChatServices): void {}
