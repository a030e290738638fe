// GET /server_settings (no authentication) and GET /users/me.

import { ok, type ChatRouter, type ChatServices } from './context.js'
import { FEATURE_LEVEL, realmSettings, ZULIP_VERSION } from '../org/realm.js'
import { describeUser } from '../org/users.js'

export function addServerRoutes(router: ChatRouter, services: ChatServices): void {
  router.get('/api/v1/server_settings', async (ctx) => {
    const realm = await realmSettings(services.db)
    ok(ctx, {
      service_feature_level: FEATURE_LEVEL,
      zulip_feature_level: FEATURE_LEVEL,
      zulip_version: ZULIP_VERSION,
      realm_name: realm.name,
      realm_url: realm.url,
      authentication_methods: { password: true, dev: false },
      max_topic_length: realm.max_topic_length,
    })
  })
  router.get('/api/v1/users/me', (ctx) => ok(ctx, describeUser(ctx.state.user)))
}
