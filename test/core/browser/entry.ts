// What a web app would bundle: the core alone; the data comes on demand through PrefixIndex.loadDefault.
import { PrefixIndex } from '@prefixd/core'

;(globalThis as unknown as { prefixd: typeof PrefixIndex }).prefixd = PrefixIndex
