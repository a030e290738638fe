import { readRdfInto, UsageCollector } from '@prefixd/core'
const gc = (globalThis as { gc?: () => void }).gc!
const filler = (i: number) => Array.from({ length: 15000 }, (_, k) => `<http://example.org/s${k}> <http://example.org/p> "${'x'.repeat(60)}${i}" .`).join('\n')
gc()
const before = process.memoryUsage().heapUsed
const collector = new UsageCollector()
for (let i = 0; i < 16; i++) {
  const text = filler(i) + `\n<http://example.org/a> <http://example.org/a-long-predicate-name-${i}> <http://example.org/b> .\n<http://example.org/a> a <http://example.org/a-long-class-name-${i}> .\n`
  await readRdfInto(collector, [text], { format: 'turtle', name: `d${i}.ttl` })
}
gc(); gc()
console.log('one collector, 16 documents read:', ((process.memoryUsage().heapUsed - before) / 2 ** 20).toFixed(1), 'MiB')
const usage = collector.finish()
gc(); gc()
console.log('after finish, usage kept:', ((process.memoryUsage().heapUsed - before) / 2 ** 20).toFixed(1), 'MiB', usage.uses('http://example.org/p'))
