// ReadyAnswers in a browser bundle (package.json "browser"): none made — each completion answers the usual way,
// with the same answers, and the tables' code stays out of issue 28's 15 KB (see ready-answers.ts).

import type { Completions } from './completion-query.js'

export class ReadyAnswers {
  complete(): Completions | undefined {
    return undefined
  }
}
