// Minimal typing of Vite's import.meta.glob, used by tests only (Vitest transforms it).
interface ImportMeta {
  glob<T = unknown>(pattern: string, options?: { eager?: boolean; import?: string }): Record<string, T>
}
