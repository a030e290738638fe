// Every route of the chat service, one module per resource.

import type { ChatRouter, ChatServices } from './context.js'
import { addAdministrationRoutes } from './administration.js'
import { addBotStorageRoutes } from './bot-storage.js'
import { addDraftRoutes } from './drafts.js'
import { addEventRoutes } from './events.js'
import { addGroupRoutes } from './groups.js'
import { addLinkifierReverseRoutes } from './linkifier-reverse.js'
import { addLinkifierRoutes } from './linkifiers.js'
import { addMessageRoutes } from './messages.js'
import { addMessageHistoryRoutes } from './message-history.js'
import { addMessageEditRoutes } from './message-edits.js'
import { addMessageFlagRoutes } from './message-flags.js'
import { addNavigationViewRoutes } from './navigation-views.js'
import { addPresenceRoutes } from './presence.js'
import { addReactionRoutes } from './reactions.js'
import { addScheduledRoutes } from './scheduled.js'
import { addServerRoutes } from './server.js'
import { addSettingsRoutes } from './settings.js'
import { addStreamRoutes } from './streams.js'
import { addSubscriptionRoutes } from './subscriptions.js'
import { addTopicRoutes } from './topics.js'
import { addTypingRoutes } from './typing.js'
import { addUploadUrlRoutes } from './upload-urls.js'
import { addUploadRoutes } from './uploads.js'
import { addUserRoutes } from './users.js'

export function addRoutes(router: ChatRouter, services: ChatServices): void {
  addServerRoutes(router, services)
  addMessageRoutes(router, services)
  addReactionRoutes(router, services)
  addMessageHistoryRoutes(router, services)
  addMessageEditRoutes(router, services)
  addMessageFlagRoutes(router, services)
  addSettingsRoutes(router, services)
  addUserRoutes(router, services)
  addStreamRoutes(router, services)
  addSubscriptionRoutes(router, services)
  addTypingRoutes(router, services)
  addPresenceRoutes(router, services)
  addBotStorageRoutes(router, services)
  addUploadUrlRoutes(router, services) // (before the files' own route: /user_uploads/temporary/… is theirs)
  addUploadRoutes(router, services)
  addGroupRoutes(router, services)
  addTopicRoutes(router, services)
  addDraftRoutes(router, services)
  addNavigationViewRoutes(router, services)
  addAdministrationRoutes(router, services)
  addScheduledRoutes(router, services)
  addLinkifierRoutes(router, services)
  addLinkifierReverseRoutes(router, services)
  addEventRoutes(router, services)
}
