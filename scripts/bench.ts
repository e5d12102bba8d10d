/**
 * `pnpm bench`: every benchmark of the project. Prints a table and writes bench/results.json.
 * Exits non-zero when a figure is over the budget its issue sets.
 * Run one group with `pnpm bench landing`.
 */
import { printTable, writeFigures, type Figures } from '../bench/results.ts'

type Bench = () => Promise<Figures>

const benches: Record<string, () => Promise<Bench>> = {
  landing: async () => (await import('../bench/landing.bench.ts')).landingBench,
  discover: async () => (await import('../bench/discover.bench.ts')).discoverBench,
  chat: async () => (await import('../bench/chat.bench.ts')).chatBench,
  call: async () => (await import('../bench/call.bench.ts')).callBench,
  lowend: async () => (await import('../bench/lowend.bench.ts')).lowendBench,
  stack: async () => (await import('../bench/stack.bench.ts')).stackBench,
}

const only = process.argv.slice(2)
const figures: Figures = {}
for (const [name, load] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue
  console.log(`\n▶ ${name}`)
  Object.assign(figures, await (await load())())
}

console.log('')
printTable(figures)
writeFigures(figures)
const over = Object.entries(figures).filter(([, f]) => f.budget !== undefined && f.value > f.budget)
if (over.length) {
  console.error(`\nOver budget: ${over.map(([n]) => n).join(', ')}`)
  process.exit(1)
}
