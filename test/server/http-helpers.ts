// Starts an app on an ephemeral port for HTTP tests and closes it afterwards.

import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import type Koa from 'koa'

export interface Running {
  readonly url: string
  close(): Promise<void>
}

export async function listen(app: Koa): Promise<Running> {
  const server: Server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
