/** bench/results.json: every figure an issue asks for, under the name its issue gives. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

interface Figure {
  value: number
  unit: string
  /** The best this figure can reasonably be on this kind of machine, where one is known. */
  floor?: number
  /** The budget an issue sets, where it sets one (the run fails when a figure is over it). */
  budget?: number
}

export type Figures = Record<string, Figure>

/** The median of repeated runs (the mean of the middle two for an even count): how benches report. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const RESULTS_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.json')

/** Merges new figures into results.json, keeping figures other benchmarks wrote earlier. */
export function writeFigures(figures: Figures): void {
  const previous: Figures = existsSync(RESULTS_PATH) ? (JSON.parse(readFileSync(RESULTS_PATH, 'utf8')) as Figures) : {}
  const merged = { ...previous, ...figures }
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)))
  writeFileSync(RESULTS_PATH, JSON.stringify(sorted, null, 2) + '\n')
}

export function printTable(figures: Figures): void {
  const rows = Object.entries(figures).map(([name, f]) => ({
    name,
    value: `${f.value} ${f.unit}`,
    budget: f.budget === undefined ? '' : `≤ ${f.budget} ${f.unit}`,
    status: f.budget === undefined ? '' : f.value <= f.budget ? 'ok' : 'OVER BUDGET',
  }))
  const width = (key: keyof (typeof rows)[number]) => Math.max(key.length, ...rows.map((r) => r[key].length))
  const cols = ['name', 'value', 'budget', 'status'] as const
  const line = (r: Record<(typeof cols)[number], string>) => cols.map((c) => r[c].padEnd(width(c))).join('  ')
  console.log(line({ name: 'name', value: 'value', budget: 'budget', status: 'status' }))
  console.log(cols.map((c) => '─'.repeat(width(c))).join('  '))
  for (const r of rows) console.log(line(r))
}
