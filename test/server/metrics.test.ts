// GET /metrics over real HTTP: requests per route and status, the answer cache and the index, in Prometheus text.

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { createApp, IndexHolder, ServerMetrics } from '@prefixd/server'
import { listen, type Running } from './http-helpers.js'
import { metricValue } from './metric-value.js'

describe('metrics', () => {
  let index: PrefixIndex
  before(async () => {
    index = await PrefixIndex.loadDefault()
  })

  describe('served by the app', () => {
    let service: Running
    let holder: IndexHolder
    beforeEach(async () => {
      holder = new IndexHolder(index)
      service = await listen(createApp({ index: holder, metrics: new ServerMetrics(), serveMetrics: true }))
    })
    afterEach(() => service.close())
    const scrape = async (): Promise<string> => {
      const response = await fetch(`${service.url}/metrics`)
      assert.equal(response.status, 200)
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/)
      assert.equal(response.headers.get('cache-control'), 'no-store')
      return response.text()
    }

    it('counts requests per method, route pattern and status, with their latency', async () => {
      for (const path of [
        '/api/v1/expand?q=foaf:Person',
        '/api/v1/expand?q=foaf:Person',
        '/api/v1/expand?q=nosuch:x',
        '/api/v1/prefixes/foaf',
        '/foaf:Person',
        '/api/v1/nothing',
      ]) {
        await fetch(service.url + path, { redirect: 'manual' })
      }
      await fetch(`${service.url}/api/v1/expand`, { method: 'POST', body: '["foaf:Person"]', headers: { 'content-type': 'application/json' } })
      const text = await scrape()
      const count = (labels: string): number | undefined => metricValue(text, 'prefixd_http_request_duration_seconds_count', labels)
      assert.equal(count('method="GET",route="/api/v1/expand",status="200"'), 2)
      assert.equal(count('method="GET",route="/api/v1/expand",status="404"'), 1)
      assert.equal(count('method="GET",route="/api/v1/prefixes/:prefix",status="200"'), 1)
      assert.equal(count('method="GET",route="/{prefix}:{local}",status="302"'), 1)
      assert.equal(count('method="GET",route="(none)",status="404"'), 1)
      assert.equal(count('method="POST",route="/api/v1/expand",status="200"'), 1)
      // Every request falls in the last bucket, and the sum of seconds is positive.
      assert.equal(metricValue(text, 'prefixd_http_request_duration_seconds_bucket', 'le="+Inf",method="GET",route="/api/v1/expand",status="200"'), 2)
      assert.ok(metricValue(text, 'prefixd_http_request_duration_seconds_sum', 'method="GET",route="/api/v1/expand",status="200"')! > 0)
    })

    it('reports answer-cache hits and misses across a reload, cache size and index size', async () => {
      await fetch(`${service.url}/api/v1/expand?q=foaf:Person`)
      await fetch(`${service.url}/api/v1/expand?q=foaf:Person`)
      await fetch(`${service.url}/api/v1/shrink?q=${encodeURIComponent('http://xmlns.com/foaf/0.1/Person')}`)
      let text = await scrape()
      assert.equal(metricValue(text, 'prefixd_answer_cache_hits_total'), 1)
      assert.equal(metricValue(text, 'prefixd_answer_cache_misses_total'), 2)
      assert.equal(metricValue(text, 'prefixd_answer_cache_entries'), 2)
      assert.ok(metricValue(text, 'prefixd_answer_cache_bytes')! > 100)
      assert.equal(metricValue(text, 'prefixd_index_prefixes'), index.size.prefixes)
      assert.equal(metricValue(text, 'prefixd_index_terms'), index.size.terms)
      assert.ok(metricValue(text, 'process_cpu_seconds_total')! > 0)

      holder.replace(PrefixIndex.fromPrefixes({ ex: 'http://example.org/' }))
      await fetch(`${service.url}/api/v1/expand?q=ex:a`)
      text = await scrape()
      assert.equal(metricValue(text, 'prefixd_answer_cache_misses_total'), 3)
      assert.equal(metricValue(text, 'prefixd_answer_cache_entries'), 1)
      assert.equal(metricValue(text, 'prefixd_index_prefixes'), 1)
    })
  })

  it('is not served by the app unless asked (404), and not at all without metrics', async () => {
    for (const options of [{ metrics: new ServerMetrics({ processMetrics: false }) }, {}]) {
      const service = await listen(createApp({ index, ...options }))
      try {
        const response = await fetch(`${service.url}/metrics`)
        assert.equal(response.status, 404)
        assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'NOT_FOUND')
      } finally {
        await service.close()
      }
    }
  })
})
