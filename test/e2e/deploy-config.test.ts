// deploy/haproxy.cfg as HAProxy reads it, and as scripts/cluster rewrites it for a local cluster: both valid
// (`haproxy -c`), the cluster's with one server line per node in each backend and nothing of the host's own.

import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HAPROXY } from '../../scripts/cluster/cluster.js'
import { clusterConfig, DEPLOYED_CONFIG } from '../../scripts/cluster/haproxy-config.js'

const REQUIRE_HAPROXY = process.env.PREFIXD_REQUIRE_HAPROXY === '1'

function check(file: string): { status: number | null; output: string } {
  const run = spawnSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8' })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

describe('deploy/haproxy.cfg', () => {
  const layout = {
    resolverBind: '127.0.0.1:18080',
    chatBind: '127.0.0.1:19991',
    statsSocket: '/tmp/prefixd-test-haproxy.sock',
    resolvers: ['127.0.1.1:8080', '127.0.1.2:8080', '127.0.1.3:8080'],
    chats: ['127.0.2.1:9991', '127.0.2.2:9991', '127.0.2.3:9991'],
  }

  it('becomes a cluster configuration: every node in every backend, each chat backend checking and observing its nodes, nothing of the host', () => {
    const config = clusterConfig(layout)
    const servers = config.split('\n').filter((line) => /^\s*server /.test(line))
    assert.deepEqual(
      servers.map((line) => line.trim()),
      [
        'server r1 127.0.1.1:8080 check',
        'server r2 127.0.1.2:8080 check',
        'server r3 127.0.1.3:8080 check',
        ...[1, 2, 3].map((n) => `server c${n} 127.0.2.${n}:9991 check observe layer4 error-limit 1 on-error mark-down`),
        ...[1, 2, 3].map((n) => `server c${n} 127.0.2.${n}:9991 check observe layer4 error-limit 1 on-error mark-down`),
        ...[1, 2, 3].map((n) => `server c${n} 127.0.2.${n}:9991 check observe layer4 error-limit 1 on-error mark-down`),
      ],
    )
    assert.doesNotMatch(config, /chroot|daemon|user haproxy|\/dev\/log|10\.0\.0\./)
    assert.match(config, /bind 127\.0\.0\.1:18080\n/)
    assert.match(config, /bind 127\.0\.0\.1:19991\n/)
    // Everything else is the deployed file's: the checks, the retries, the long polls' timeout.
    const deployed = readFileSync(DEPLOYED_CONFIG, 'utf8')
    for (const line of ['http-check send meth GET uri /health/ready', 'retry-on conn-failure\n', 'timeout server 120s', 'option redispatch 1']) {
      assert.ok(deployed.includes(line) && config.includes(line), line)
    }
    // Every chat backend checks its nodes and bounds HAProxy's wait before retrying a refused connection (see the file's top).
    for (const backend of config.split(/\n(?=backend )/).filter((section) => section.startsWith('backend chat_'))) {
      assert.match(backend, /\n\s+option httpchk\n/, backend)
      assert.match(backend, /\n\s+timeout connect 500ms\n/, backend)
    }
    // A chat node's 503 (PostgreSQL out of its reach) is passed on, not retried: a retry that found no node left
    // closed a kept-alive client's connection instead (see the file's top; test/e2e/balancer-retries.test.ts).
    for (const backend of config.split(/\n(?=backend )/).filter((section) => section.startsWith('backend chat_'))) {
      assert.match(backend, /\n\s+retry-on [^\n]+\n/, backend)
      assert.doesNotMatch(backend, /\n\s+retry-on [^\n]*\b503\b/, backend.split('\n', 1)[0])
    }
  })

  it('is valid as deployed and as a cluster runs it, busy-polling or not (haproxy -c)', function () {
    if (spawnSync(HAPROXY, ['-v']).status !== 0) {
      if (REQUIRE_HAPROXY) throw new Error('HAProxy is required here')
      console.log('      (skipped: HAProxy is not installed — apt-get install haproxy; CI sets PREFIXD_REQUIRE_HAPROXY=1)')
      this.skip()
    }
    const deployed = check(fileURLToPath(DEPLOYED_CONFIG))
    assert.equal(deployed.status, 0, deployed.output)
    const dir = mkdtempSync(join(tmpdir(), 'prefixd-haproxy-'))
    try {
      writeFileSync(join(dir, 'haproxy.cfg'), clusterConfig({ ...layout, statsSocket: join(dir, 'haproxy.sock') }))
      const local = check(join(dir, 'haproxy.cfg'))
      assert.equal(local.status, 0, local.output)
      // With the deployed file's commented `busy-polling` taken in, as for a balancer on a machine of its own.
      const busy = clusterConfig({ ...layout, statsSocket: join(dir, 'haproxy.sock'), busyPolling: true })
      assert.match(busy, /^\s+busy-polling$/m)
      assert.doesNotMatch(clusterConfig(layout), /^\s+busy-polling$/m)
      writeFileSync(join(dir, 'busy.cfg'), busy)
      const polling = check(join(dir, 'busy.cfg'))
      assert.equal(polling.status, 0, polling.output)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
