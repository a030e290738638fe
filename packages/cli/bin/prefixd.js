#!/usr/bin/env node
// The `prefixd` executable. A file of its own, not dist/main.js, so that npm can link it in a fresh
// checkout before the TypeScript build has made dist/.
import '../dist/main.js'
