// Reads a feature file rtgit exported with the Cucumber Gherkin parser
// and checks it against the analysis it came from: exactly one scenario
// per acceptance criterion of requirements-spec.md, tagged with the
// criterion's id and its requirement's, and Given/When/Then steps in every
// scenario not tagged @as-written.
//
// usage: node check-gherkin.mjs <node_modules> <file.feature> <requirements-spec.md>
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const [modules, featurePath, specPath] = process.argv.slice(2)
const load = (p) => import(pathToFileURL(join(modules, p, 'dist', 'index.js')).href)
const { AstBuilder, GherkinClassicTokenMatcher, Parser } = await load('@cucumber/gherkin')
const { IdGenerator } = await load('@cucumber/messages')

const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher())
const doc = parser.parse(readFileSync(featurePath, 'utf8'))

const criteria = new Map() // AC id -> FR id
for (const m of readFileSync(specPath, 'utf8').matchAll(/^- (AC-(\d{3})-\d{2}):/gm)) {
  criteria.set(m[1], 'FR-' + m[2])
}

const problems = []
const seen = new Map()
let flagged = 0
for (const child of doc.feature.children) {
  const sc = child.scenario
  if (!sc) continue
  const tags = sc.tags.map((t) => t.name)
  const ac = tags.find((t) => /^@AC-\d{3}-\d{2}$/.test(t))?.slice(1)
  if (!ac) { problems.push(`line ${sc.location.line}: scenario "${sc.name}" has no @AC- tag`); continue }
  seen.set(ac, (seen.get(ac) || 0) + 1)
  if (!tags.includes('@' + criteria.get(ac))) problems.push(`line ${sc.location.line}: ${ac} is not tagged @${criteria.get(ac)}`)
  if (tags.includes('@as-written')) { flagged++; continue }
  const kinds = sc.steps.map((s) => s.keywordType)
  if (!kinds.includes('Action') || !kinds.includes('Outcome')) {
    problems.push(`line ${sc.location.line}: ${ac} has no When or no Then step`)
  }
}
for (const ac of criteria.keys()) {
  if ((seen.get(ac) || 0) !== 1) problems.push(`${ac}: ${seen.get(ac) || 0} scenarios, want 1`)
}
for (const ac of seen.keys()) {
  if (!criteria.has(ac)) problems.push(`${ac}: a scenario for a criterion the analysis does not have`)
}
if (problems.length) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log(`${featurePath}: ${seen.size} scenarios for ${criteria.size} criteria (${flagged} flagged as written)`)
