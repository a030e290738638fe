// Mocha's spec reporter plus one closing line, 'N passed, N failed', that CI reads.
const { reporters, Runner } = require('mocha')

class SpecWithSummary extends reporters.Spec {
  constructor(runner, options) {
    super(runner, options)
    runner.once(Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats
      process.stdout.write(`\ntests: ${passes} passed, ${failures} failed` + (pending ? `, ${pending} skipped` : '') + '\n')
    })
  }
}

module.exports = SpecWithSummary
